#include "graph/recompute_stack.hpp"

#include <optional>
#include <string_view>

#include "graph/backward_names.hpp"

namespace msprobe::graph {

namespace {

struct Frame {
    std::string file;
    std::string function;
};

std::string_view trimmed(std::string_view text) {
    constexpr std::string_view kSpace = " \t\n\r\f\v";
    const auto first = text.find_first_not_of(kSpace);
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(kSpace) - first + 1);
}

// msprobe's reading of one frame: every "File " removed, the path before
// ", line ", the function between ", in " and the next ','.
std::optional<Frame> parse_frame(const std::string& line) {
    const std::string text = replace_all(std::string(trimmed(line)), "File ", "");
    const auto in = text.find(", in ");
    if (in == std::string::npos) return std::nullopt;
    const std::string_view rest = std::string_view(text).substr(in + 5);
    Frame frame;
    frame.file = std::string(trimmed(std::string_view(text).substr(0, text.find(", line "))));
    frame.function = std::string(trimmed(rest.substr(0, rest.find(','))));
    return frame;
}

}  // namespace

bool stack_shows_recompute(const std::vector<std::string>* frames) {
    if (frames == nullptr) return false;
    std::vector<Frame> parsed;
    for (const std::string& line : *frames) {
        if (auto frame = parse_frame(line)) parsed.push_back(std::move(*frame));
    }
    for (const Frame& frame : parsed) {
        if (frame.function == "recompute_fn" && ends_with(frame.file, "torch/utils/checkpoint.py")) return true;
    }
    for (std::size_t i = 0; i < parsed.size(); ++i) {
        const Frame& frame = parsed[i];
        const bool backward = frame.function == "backward" || (frame.function == "checkpoint_function_backward" &&
                                                               frame.file.find("megatron") != std::string::npos);
        if (!backward) continue;
        for (std::size_t next = i + 1; next <= i + 2 && next < parsed.size(); ++next) {
            if (ends_with(parsed[next].file, "torch/autograd/function.py")) return true;
        }
    }
    return false;
}

}  // namespace msprobe::graph
