#include "tensor/bin_container.hpp"

#include "tensor/dump_data_message.hpp"
#include "tensor/dump_data_wire.hpp"
#include "tensor/little_endian.hpp"
#include "tensor/nano_container.hpp"
#include "tensor/read_error.hpp"

namespace msprobe::tensor {

namespace {

constexpr std::uint32_t kNanoMagic = 0x5A5A5A5A;
constexpr std::size_t kPrefix = 8;
// Real headers take kilobytes; decoding expands every 2 header bytes into a
// tensor slot of a few hundred bytes, so an unbounded header is a memory bomb.
constexpr std::uint64_t kMaxHeaderBytes = std::uint64_t{8} << 20;

void check_header_limit(std::uint64_t length, const std::string& file) {
    if (length > kMaxHeaderBytes) {
        fail(file, ReadFailure::Limit,
             "the header length " + std::to_string(length) + " exceeds the limit of " +
                 std::to_string(kMaxHeaderBytes) + " bytes");
    }
}

// Cuts the data section at `start` into one blob per header slot.
BinBlobs slice_data_section(std::span<const std::byte> bytes, std::uint64_t start, const BinHeader& header,
                            const std::string& file, std::uint64_t& end) {
    BinBlobs blobs;
    end = start;
    const auto take = [&](std::uint64_t size, const std::string& what) {
        if (size > bytes.size() - end) {
            fail(file, ReadFailure::Truncated,
                 what + " needs " + std::to_string(size) + " bytes at offset " + std::to_string(end) +
                     ", but the file has " + std::to_string(bytes.size()) + " bytes");
        }
        const auto blob = bytes.subspan(end, size);
        end += size;
        return blob;
    };
    for (std::size_t i = 0; i < header.inputs.size(); ++i) {
        blobs.inputs.push_back(take(header.inputs[i].size, "input " + std::to_string(i)));
    }
    for (std::size_t i = 0; i < header.outputs.size(); ++i) {
        blobs.outputs.push_back(take(header.outputs[i].size, "output " + std::to_string(i)));
    }
    for (std::size_t i = 0; i < header.buffers.size(); ++i) {
        blobs.buffers.push_back(take(header.buffers[i].size, "buffer " + std::to_string(i)));
    }
    for (std::size_t i = 0; i < header.spaces.size(); ++i) {
        blobs.spaces.push_back(take(header.spaces[i].size, "workspace " + std::to_string(i)));
    }
    return blobs;
}

BinContainer with_data_section(BinContainerKind kind, BinHeader header, std::uint64_t header_length,
                               std::span<const std::byte> bytes, std::uint64_t start,
                               std::shared_ptr<const void> owner, const std::string& file) {
    BinContainer container{kind, std::move(header), header_length, {}, std::move(owner), 0};
    std::uint64_t end = 0;
    container.blobs = slice_data_section(bytes, start, container.header, file, end);
    container.trailing_bytes = bytes.size() - end;
    return container;
}

// Every tensor's bytes are inline, as many as its size says. A message past
// a bound is refused as a legacy dump; one that is not well formed is no legacy dump.
std::optional<BinContainer> legacy_container(std::span<const std::byte> bytes, const std::string& file) {
    if (const auto problem = dump_data_wire_problem(bytes)) {
        if (problem->failure == ReadFailure::Limit) fail(file, problem->failure, problem->reason);
        return std::nullopt;
    }
    auto message = parse_dump_data(bytes);
    if (!message) return std::nullopt;
    const auto inline_data = [](const auto& slots, std::vector<std::span<const std::byte>>& blobs) {
        for (const auto& slot : slots) {
            if (slot.data().size() != slot.size()) return false;
            blobs.push_back(std::as_bytes(std::span(slot.data())));
        }
        return true;
    };
    auto kept = std::make_shared<dumpdata::DumpData>(std::move(*message));
    BinContainer container{BinContainerKind::Legacy, header_of(*kept, file), 0, {}, kept, 0};
    if (!inline_data(kept->input(), container.blobs.inputs) || !inline_data(kept->output(), container.blobs.outputs) ||
        !inline_data(kept->buffer(), container.blobs.buffers) || !inline_data(kept->space(), container.blobs.spaces)) {
        return std::nullopt;
    }
    return container;
}

}  // namespace

BinContainer split_bin_container(std::span<const std::byte> bytes, std::shared_ptr<const void> owner,
                                 const std::string& file, const BinContainerOptions& options) {
    if (bytes.empty()) fail(file, ReadFailure::Truncated, "the file is empty");
    if (bytes.size() < kPrefix) {
        fail(file, ReadFailure::Truncated,
             "the file has " + std::to_string(bytes.size()) + " bytes, fewer than the 8-byte length prefix");
    }
    const auto length = load_little_endian<std::uint64_t>(bytes, 0);
    if (bytes.size() > 12 && load_little_endian<std::uint32_t>(bytes, kPrefix) == kNanoMagic) {
        if (length > bytes.size() - kPrefix || length < 8) {
            fail(file, ReadFailure::BadHeader,
                 "the nano header length " + std::to_string(length) + " does not fit the file of " +
                     std::to_string(bytes.size()) + " bytes");
        }
        check_header_limit(length, file);
        auto header = decode_nano_header(bytes.subspan(16, length - 8), file);
        header.version = std::to_string(load_little_endian<std::uint32_t>(bytes, 12));
        return with_data_section(BinContainerKind::Nano, std::move(header), length, bytes, kPrefix + length,
                                 std::move(owner), file);
    }
    if (length > bytes.size() - kPrefix) {
        if (options.legacy_layout) {
            if (auto legacy = legacy_container(bytes, file)) return std::move(*legacy);
        }
        fail(file, ReadFailure::BadHeader,
             "the header length " + std::to_string(length) + " exceeds the file size " +
                 std::to_string(bytes.size()) + " minus the 8-byte prefix");
    }
    check_header_limit(length, file);
    auto header = decode_bin_header(bytes.subspan(kPrefix, length), file);
    return with_data_section(BinContainerKind::Protobuf, std::move(header), length, bytes, kPrefix + length,
                             std::move(owner), file);
}

}  // namespace msprobe::tensor
