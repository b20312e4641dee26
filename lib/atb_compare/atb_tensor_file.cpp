#include "atb_compare/atb_tensor_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "common/error.hpp"
#include "common/python_str.hpp"
#include "common/python_text.hpp"
#include "tensor/checked_math.hpp"
#include "tensor/mapped_file.hpp"
#include "tensor/stored_type.hpp"
#include "tensor/strided.hpp"

namespace msprobe::atb {

namespace {

// Python's int(text); a value beyond int64 is still an integer (clamped).
std::optional<std::int64_t> python_int(std::string_view text) {
    const auto number = py::parse_int_clamped(text);
    return number ? std::optional(number->value) : std::nullopt;
}

struct Header {
    std::int64_t dtype = 0;  // float32 when the header names none
    std::optional<std::vector<std::int64_t>> dims;
    std::optional<std::string> damage;
    std::optional<std::size_t> data_offset;  // where the elements start: after the $End line
};

// The header lines up to $End; the first problem is kept, and a line that is not
// one key=value ends the reading, as in msprobe.
Header read_header(std::span<const std::byte> bytes) {
    Header header;
    const auto note = [&header](std::string why) {
        if (!header.damage) header.damage = std::move(why);
    };
    const auto* text = reinterpret_cast<const char*>(bytes.data());
    std::size_t begin = 0;
    for (std::size_t line = 1;; ++line) {
        if (begin >= bytes.size()) return header;
        const auto* newline = static_cast<const char*>(std::memchr(text + begin, '\n', bytes.size() - begin));
        if (newline == nullptr) return header;
        const auto end = static_cast<std::size_t>(newline - text);
        const std::string_view entry(text + begin, end - begin);
        begin = end + 1;
        const auto equals = entry.find('=');
        if (equals == std::string_view::npos || entry.find('=', equals + 1) != std::string_view::npos) {
            note(fmt::format("header line {} is not one key=value", line));
            return header;
        }
        const std::string_view key = entry.substr(0, equals);
        const std::string_view value = entry.substr(equals + 1);
        if (key == "$End") {
            header.data_offset = begin;
            return header;
        }
        if (key == "data") {
            note(fmt::format("its data are in another file ({}), which msprobe does not read", value));
        } else if (key == "dtype" || key == "format") {
            const auto number = python_int(value);
            if (!number) note(fmt::format("{} '{}' is not an integer", key, value));
            if (key == "dtype") header.dtype = number.value_or(-1);
        } else if (key == "dims") {
            std::vector<std::int64_t> dims;
            for (const auto dim : py::split(value, ',')) {
                const auto number = python_int(dim);
                if (!number) note(fmt::format("dims '{}' holds a value that is not an integer", value));
                if (number == -1) note(fmt::format("dims '{}' holds -1", value));
                dims.push_back(number.value_or(-1));
            }
            header.dims = std::move(dims);
        }
    }
}

std::string dims_text(const std::vector<std::int64_t>& dims) { return fmt::format("[{}]", fmt::join(dims, ", ")); }

}  // namespace

std::optional<tensor::DType> atb_dtype(std::int64_t code) {
    using tensor::DType;
    switch (code) {
        case 0: return DType::Float32;
        case 1: return DType::Float16;
        case 2: return DType::Int8;
        case 3: return DType::Int32;
        case 9: return DType::Int64;
        case 12: return DType::Bool;
        case 27: return DType::BFloat16;
        default: return std::nullopt;
    }
}

AtbTensorFile read_atb_tensor_file(const std::filesystem::path& path) {
    AtbTensorFile file;
    file.path = path.string();
    std::shared_ptr<const tensor::MappedFile> mapped;
    try {
        mapped = tensor::MappedFile::open(path);
    } catch (const Error& e) {
        file.damage = e.reason();
        return file;
    }
    const auto bytes = mapped->bytes();
    const Header header = read_header(bytes);
    if (header.damage) {
        file.damage = header.damage;
        return file;
    }
    const auto dtype = atb_dtype(header.dtype);
    if (!dtype) {
        file.unsupported_dtype = header.dtype;
        return file;
    }
    if (!header.data_offset) {
        file.damage = "no $End line ends the header";
        return file;
    }
    const auto data = bytes.subspan(*header.data_offset);
    const auto element_size = tensor::dtype_size(*dtype);
    if (data.empty()) {
        file.damage = "no data after the header";
        return file;
    }
    if (data.size() % element_size != 0) {
        file.damage = fmt::format("its {} data bytes are not whole {}-byte elements", data.size(), element_size);
        return file;
    }
    const auto count = static_cast<std::int64_t>(data.size() / element_size);
    const std::vector<std::int64_t> dims = header.dims.value_or(std::vector<std::int64_t>{});
    const bool negative = std::any_of(dims.begin(), dims.end(), [](std::int64_t d) { return d < 0; });
    const auto dims_count = negative ? std::nullopt : tensor::element_count(dims);
    if (dims_count != count) {
        file.damage = header.dims ? fmt::format("dims {} do not hold its {} elements", dims_text(dims), count)
                                  : fmt::format("no dims line, and its {} elements are not one value", count);
        return file;
    }
    const auto host =
        tensor::to_host_elements(data, {*dtype, tensor::Encoding::Native}, tensor::ByteOrder::Little, mapped);
    file.view.dtype = *dtype;
    file.view.shape = dims;
    file.view.strides = tensor::row_major_strides(dims);
    file.view.data = host.data;
    file.view.owner = host.owner;
    return file;
}

}  // namespace msprobe::atb
