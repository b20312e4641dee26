#include "support/legacy_run_ut_writer.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>
#include <vector>

namespace msprobe::testing {

namespace {

using Json = nlohmann::ordered_json;  // the dumper's key order is the execution order

// A statistics-mode tensor record of the 2023 dumper: no Mean/Norm.
Json tensor(const std::vector<int>& shape, double min, double max, bool requires_grad) {
    return Json{{"type", "torch.Tensor"}, {"dtype", "torch.float32"}, {"shape", shape},
                {"Max", max}, {"Min", min}, {"requires_grad", requires_grad}};
}

void write_json(const std::filesystem::path& path, const Json& json) {
    std::ofstream(path, std::ios::binary) << json.dump();
}

}  // namespace

LegacyRunUtFiles write_legacy_run_ut_dump(const std::filesystem::path& dir, int pid) {
    std::filesystem::create_directories(dir);
    LegacyRunUtFiles files{dir / fmt::format("forward_info_{}.json", pid),
                           dir / fmt::format("backward_info_{}.json", pid),
                           dir / fmt::format("stack_info_{}.json", pid)};
    Json forward = Json::object();
    forward["Functional*relu*0"] = {{"args", Json::array({tensor({2, 3}, -1.0, 1.0, true)})},
                                    {"kwargs", Json{{"inplace", Json{{"type", "bool"}, {"value", false}}}}}};
    forward["Torch*matmul*0"] = {
        {"args", Json::array({tensor({2, 3}, -2.0, 2.0, true), tensor({3, 4}, -1.5, 1.5, true)})},
        {"kwargs", Json::object()}};
    forward["Tensor*__add__*0"] = {
        {"args", Json::array({tensor({2, 3}, 0.0, 4.0, true), Json{{"type", "int"}, {"value", 2}}})},
        {"kwargs", Json::object()}};
    Json backward = Json::object();
    backward["Functional*relu*0"] = Json::array({tensor({2, 3}, -0.5, 0.5, false)});
    backward["Torch*matmul*0"] = Json::array({tensor({2, 4}, -0.25, 0.75, false)});
    Json stack = Json::object();
    for (const auto& [key, value] : forward.items()) {
        stack[key] = Json::array({fmt::format("File model.py, line 10, in forward, \n y = {}(x)", key)});
    }
    write_json(files.forward, forward);
    write_json(files.backward, backward);
    write_json(files.stack, stack);
    return files;
}

}  // namespace msprobe::testing
