#include "tensor/dump_data_wire.hpp"

#include <cstdint>

#include "tensor/bin_header.hpp"

namespace msprobe::tensor {

namespace {

// The messages of dump_data.proto; Leaf stands for those without message fields.
enum class Message { DumpData, OpOutput, OpInput, Leaf };

struct Counts {
    std::uint64_t slots = 0;  // inputs, outputs, buffers, workspaces
    std::uint64_t attrs = 0;
    std::uint64_t outputs = 0;
    std::optional<std::uint64_t> wide_output;  // the first output with more dim ranges than dims
};

// The message type of field `number` of `parent` when it is a message field.
std::optional<Message> message_field(Message parent, std::uint64_t number) {
    switch (parent) {
        case Message::DumpData:
            if (number == 3) return Message::OpOutput;
            if (number == 4) return Message::OpInput;
            if (number == 5 || number == 7 || number == 8) return Message::Leaf;  // OpBuffer, OpAttr, Workspace
            return std::nullopt;
        case Message::OpOutput:  // shape, original_op, original_shape, dim_range
            if (number == 3 || number == 4 || number == 7 || number == 10) return Message::Leaf;
            return std::nullopt;
        case Message::OpInput:  // shape, original_shape
            if (number == 3 || number == 6) return Message::Leaf;
            return std::nullopt;
        case Message::Leaf: return std::nullopt;
    }
    return std::nullopt;
}

class Walk {
public:
    explicit Walk(std::span<const std::byte> whole) : whole_(whole) {}

    // Walks the message in [begin, end) of the whole; false with problem() set at the first fault.
    bool message(std::size_t begin, std::size_t end, Message type) {
        std::size_t at = begin;
        std::uint64_t dim_ranges = 0;
        while (at < end) {
            const std::size_t field_start = at;
            const auto key = varint(at, end);
            if (!key) return malformed(field_start, "a field key runs past its message or over 10 bytes");
            const std::uint64_t number = *key >> 3;
            const auto wire = static_cast<unsigned>(*key & 7);
            if (number == 0) return malformed(field_start, "a field has the number 0");
            switch (wire) {
                case 0:
                    if (!varint(at, end))
                        return malformed(field_start, field_text(number) + " runs past its message or over 10 bytes");
                    break;
                case 1:
                case 5: {
                    const std::size_t width = wire == 1 ? 8 : 4;
                    if (end - at < width) return malformed(field_start, field_text(number) + " runs past its message");
                    at += width;
                    break;
                }
                case 2: {
                    const auto length = varint(at, end);
                    if (!length || *length > end - at) {
                        return malformed(field_start, field_text(number) + " runs past its message");
                    }
                    const std::size_t inner = at;
                    at += static_cast<std::size_t>(*length);
                    const auto sub = message_field(type, number);
                    if (!sub) break;
                    count(type, number, dim_ranges);
                    if (!message(inner, at, *sub)) return false;
                    break;
                }
                case 3:
                case 4:
                    return malformed(field_start, field_text(number) + " is a group (wire type " +
                                                      std::to_string(wire) + "), which a DumpData message never holds");
                default:
                    return malformed(field_start,
                                     field_text(number) + " has the invalid wire type " + std::to_string(wire));
            }
        }
        return true;
    }

    // The first fault, else the first bound the whole message exceeds.
    std::optional<DumpDataWireProblem> problem() const {
        if (problem_) return problem_;
        const auto over = [](std::string reason) { return DumpDataWireProblem{ReadFailure::Limit, std::move(reason)}; };
        if (counts_.slots > kMaxBinTensors) return over(too_many_bin_tensors(counts_.slots));
        if (counts_.attrs > kMaxBinAttrs) {
            return over("the header lists " + std::to_string(counts_.attrs) + " attributes (at most " +
                        std::to_string(kMaxBinAttrs) + ")");
        }
        if (counts_.wide_output) {
            return DumpDataWireProblem{ReadFailure::BadHeader, "output " + std::to_string(*counts_.wide_output) +
                                                                   " has more than " + std::to_string(kMaxBinDims) +
                                                                   " dim ranges (one per dim)"};
        }
        return std::nullopt;
    }

private:
    static std::string field_text(std::uint64_t number) { return "field " + std::to_string(number); }

    // The varint at `at`, moving past it; nullopt when it runs past `end` or over 10 bytes.
    std::optional<std::uint64_t> varint(std::size_t& at, std::size_t end) const {
        std::uint64_t value = 0;
        for (unsigned shift = 0; shift < 70 && at < end; shift += 7) {
            const auto byte = static_cast<std::uint8_t>(whole_[at++]);
            if (shift < 64) value |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
            if ((byte & 0x80) == 0) return value;
        }
        return std::nullopt;
    }

    // Counts one entry of a message field.
    void count(Message type, std::uint64_t number, std::uint64_t& dim_ranges) {
        if (type == Message::DumpData) {
            if (number == 7) {
                ++counts_.attrs;
                return;
            }
            ++counts_.slots;
            if (number == 3) ++counts_.outputs;
        }
        if (type == Message::OpOutput && number == 10 && ++dim_ranges > kMaxBinDims && !counts_.wide_output) {
            counts_.wide_output = counts_.outputs - 1;
        }
    }

    bool malformed(std::size_t at, const std::string& why) {
        problem_ = DumpDataWireProblem{ReadFailure::BadHeader,
                                       "the " + std::to_string(whole_.size()) +
                                           "-byte header is not a DumpData protobuf message: " + why + " (byte " +
                                           std::to_string(at) + ")"};
        return false;
    }

    std::span<const std::byte> whole_;
    Counts counts_;
    std::optional<DumpDataWireProblem> problem_;
};

}  // namespace

std::optional<DumpDataWireProblem> dump_data_wire_problem(std::span<const std::byte> message) {
    Walk walk(message);
    walk.message(0, message.size(), Message::DumpData);
    return walk.problem();
}

}  // namespace msprobe::tensor
