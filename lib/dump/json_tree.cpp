#include "dump/json_tree.hpp"

#include <fmt/format.h>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "dump/json_parse.hpp"

namespace msprobe::dump {

nlohmann::json load_json_tree(const std::filesystem::path& path) {
    const std::string name = path.string();
    try {
        const std::string text = read_input_file(path, InputKind::Json);
        const auto limit_depth = [&](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
            if (depth > static_cast<int>(kMaxJsonDepth)) {
                throw Error(name, fmt::format("malformed JSON: nested deeper than {} levels", kMaxJsonDepth));
            }
            return true;
        };
        return nlohmann::json::parse(text, limit_depth);
    } catch (const nlohmann::json::parse_error& e) {
        throw Error(name, fmt::format("malformed JSON at byte {}", e.byte));
    } catch (...) {
        rethrow_naming(name);
    }
}

}  // namespace msprobe::dump
