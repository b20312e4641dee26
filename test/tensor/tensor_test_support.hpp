#pragma once
// Small helpers shared by the tensor room's tests.
#include <cstddef>
#include <cstring>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "support/element_bytes.hpp"
#include "tensor/npy_reader.hpp"
#include "tensor/half.hpp"
#include "tensor/pt_reader.hpp"

namespace msprobe::testing {

inline std::span<const std::byte> span_of(const std::string& bytes) {
    return {reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()};
}

// Reads in-memory file bytes; the returned view owns a copy of them.
inline tensor::TensorView read_pt_bytes(const std::string& bytes, const tensor::PtReadOptions& options = {}) {
    auto owner = std::make_shared<const std::string>(bytes);
    return tensor::read_pt(span_of(*owner), owner, "memory.pt", options);
}

inline tensor::TensorView read_npy_bytes(const std::string& bytes) {
    auto owner = std::make_shared<const std::string>(bytes);
    return tensor::read_npy(span_of(*owner), owner, "memory.npy");
}

// Python's json.dump writes NaN, Infinity and -Infinity bare; nlohmann does
// not read them, so they become the strings "nan", "inf", "-inf".
inline nlohmann::json parse_python_json(const std::string& text) {
    std::string clean;
    clean.reserve(text.size());
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            clean += c;
            if (c == '\\' && i + 1 < text.size()) {
                clean += text[++i];
            } else if (c == '"') {
                in_string = false;
            }
            continue;
        }
        const auto token = [&](const char* word) { return text.compare(i, std::strlen(word), word) == 0; };
        if (c == '"') {
            in_string = true;
            clean += c;
        } else if (token("NaN")) {
            clean += "\"nan\"";
            i += 2;
        } else if (token("-Infinity")) {
            clean += "\"-inf\"";
            i += 8;
        } else if (token("Infinity")) {
            clean += "\"inf\"";
            i += 7;
        } else {
            clean += c;
        }
    }
    return nlohmann::json::parse(clean);
}

// ---------------------------------------------------------------- numbered tensors
// Storages whose element i has a known value in every dtype, and views over
// them in many geometries, with their expected values computed independently
// of lib/tensor.
using tensor::DType;
using tensor::dtype_size;
using tensor::float_to_half;
using tensor::float_to_bfloat16;

inline constexpr tensor::DType kAllDTypes[] = {DType::Float16, DType::BFloat16, DType::Float32,  DType::Float64,
                                DType::Int8,    DType::Int16,    DType::Int32,    DType::Int64,
                                DType::UInt8,   DType::Bool,     DType::Complex64, DType::Complex128};

// Element i of a test storage (exact in every dtype); complex ones are (v, -v).
inline double sample_value(DType dtype, std::int64_t i) {
    if (dtype == DType::Bool) return i % 3 == 0 ? 1 : 0;
    if (dtype == DType::UInt8) return static_cast<double>(i % 251);
    return static_cast<double>(i % 97 - 40);
}

template <class T>
inline void put(std::byte* out, T value) {
    std::memcpy(out, &value, sizeof value);
}

inline void encode(DType dtype, double v, std::byte* out) {
    switch (dtype) {
        case DType::Float16: put(out, float_to_half(static_cast<float>(v))); return;
        case DType::BFloat16: put(out, float_to_bfloat16(static_cast<float>(v))); return;
        case DType::Float32: put(out, static_cast<float>(v)); return;
        case DType::Float64: put(out, v); return;
        case DType::Int8: put(out, static_cast<std::int8_t>(v)); return;
        case DType::Int16: put(out, static_cast<std::int16_t>(v)); return;
        case DType::Int32: put(out, static_cast<std::int32_t>(v)); return;
        case DType::Int64: put(out, static_cast<std::int64_t>(v)); return;
        case DType::UInt8:
        case DType::Bool: put(out, static_cast<std::uint8_t>(v)); return;
        case DType::Complex64:
            put(out, static_cast<float>(v));
            put(out + 4, static_cast<float>(-v));
            return;
        case DType::Complex128:
            put(out, v);
            put(out + 8, -v);
            return;
    }
}

inline std::vector<std::byte> numbered_storage(DType dtype, std::int64_t count) {
    std::vector<std::byte> bytes(static_cast<std::size_t>(count) * dtype_size(dtype));
    for (std::int64_t i = 0; i < count; ++i)
        encode(dtype, sample_value(dtype, i), bytes.data() + i * dtype_size(dtype));
    return bytes;
}

// The values a view of a numbered storage must show, computed element by
// element from the row-major index (independently of lib/tensor's walker).
inline std::vector<double> expected_values(DType dtype, const std::vector<std::int64_t>& shape,
                                    const std::vector<std::int64_t>& strides, std::int64_t offset) {
    std::int64_t count = 1;
    for (const auto d : shape) count *= d;
    std::vector<double> values;
    for (std::int64_t k = 0; k < count; ++k) {
        std::int64_t rest = k, position = offset;
        for (std::size_t dim = shape.size(); dim-- > 0;) {
            position += rest % shape[dim] * strides[dim];
            rest /= shape[dim];
        }
        const double v = sample_value(dtype, position);
        values.push_back(v);
        if (dtype == DType::Complex64 || dtype == DType::Complex128) values.push_back(-v);
    }
    return values;
}

struct Geometry {
    const char* name;
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> strides;
    std::int64_t offset;
    std::int64_t storage_numel;
};

inline const std::vector<Geometry> kGeometries = {
    {"contiguous 2x3", {2, 3}, {3, 1}, 0, 6},
    {"0-d", {}, {}, 0, 1},
    {"0-d at an offset", {}, {}, 4, 5},
    {"empty 0x3 over an empty storage", {0, 3}, {3, 1}, 0, 0},
    {"transposed 3x2", {3, 2}, {1, 3}, 0, 6},
    {"sliced [3:7:2] of 10", {2}, {2}, 3, 10},
    {"channels_last 1x2x2x4", {1, 2, 2, 4}, {16, 1, 8, 2}, 0, 16},
    {"broadcast (stride 0)", {3, 4}, {0, 1}, 2, 6},
    {"offset 2-d window of a bigger storage", {2, 2}, {5, 2}, 7, 40},
    {"5-d permuted", {2, 1, 3, 2, 2}, {1, 24, 2, 12, 6}, 0, 24},
    {"size-1 dims with odd strides", {1, 3, 1}, {99, 1, 7}, 1, 4},
};

// Pieces of hand-made pickles (protocol 2 opcodes), for files torch would
// not write: other rebuild functions, hostile globals, broken geometry.
namespace pickle_text {

inline std::string u32(std::uint32_t value) {
    std::string out;
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
    return out;
}
inline std::string global(const std::string& module, const std::string& name) {
    return "c" + module + "\n" + name + "\n";
}
inline std::string unicode(const std::string& text) {
    return "X" + u32(static_cast<std::uint32_t>(text.size())) + text;
}
inline std::string integer(std::int64_t value) {
    if (value >= 0 && value < 256) return std::string("K") + static_cast<char>(value);
    std::string out = "\x8a\x08";
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((static_cast<std::uint64_t>(value) >> (8 * i)) & 0xFF));
    return out;
}
inline std::string boolean(bool value) { return value ? "\x88" : "\x89"; }
inline std::string tuple(const std::vector<std::string>& items) {
    std::string out = "(";
    for (const auto& item : items) out += item;
    return out + "t";
}
inline std::string int_tuple(const std::vector<std::int64_t>& values) {
    std::vector<std::string> items;
    for (const auto value : values) items.push_back(integer(value));
    return tuple(items);
}
inline std::string ordered_dict() { return global("collections", "OrderedDict") + ")R"; }
inline std::string storage(const std::string& storage_class, std::int64_t numel, const std::string& key = "0",
                           const std::string& module = "torch") {
    return tuple({unicode("storage"), global(module, storage_class), unicode(key), unicode("cpu"), integer(numel)}) +
           "Q";
}
// _rebuild_tensor_v2(storage, offset, size, stride, requires_grad, OrderedDict())
inline std::string rebuild_v2(const std::string& storage_pid, std::int64_t offset,
                              const std::vector<std::int64_t>& size, const std::vector<std::int64_t>& stride,
                              bool requires_grad = false) {
    return global("torch._utils", "_rebuild_tensor_v2") + "(" + storage_pid + integer(offset) + int_tuple(size) +
           int_tuple(stride) + boolean(requires_grad) + ordered_dict() + "tR";
}
// A complete data.pkl around `body` (one value).
inline std::string stream(const std::string& body) { return "\x80\x02" + body + "."; }

}  // namespace pickle_text

}  // namespace msprobe::testing
