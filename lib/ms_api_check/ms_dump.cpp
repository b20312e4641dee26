#include "ms_api_check/ms_dump.hpp"

#include <fmt/format.h>

#include <map>

#include "common/error.hpp"
#include "ms_api_check/check_skipped.hpp"
#include "ms_api_check/json_fields.hpp"

namespace msprobe::ms_api_check {

namespace {

// check_and_get_from_json_dict on the top level: its failure ends msprobe's run, so here it names the file.
dump::JsonView top_field(const std::filesystem::path& path, dump::JsonView root, std::string_view key,
                         const std::string& description, FieldType type, const std::vector<std::string>& values = {}) {
    try {
        return required_field(root, key, description, type, values);
    } catch (const CheckSkipped& e) {
        throw Error(path.string(), e.what());
    }
}

// Const.STRING_BLACKLIST: a leading + - = % @ (ASCII or full-width), or one after a ';'.
bool has_formula_start(const std::string& name) {
    static const std::vector<std::string> starts = {"+", "-", "=", "%", "@", "\uFF0B", "\uFF0D", "\uFF1D", "\uFF05",
                                                    "\uFF20"};
    for (const auto& s : starts) {
        if (name.starts_with(s) || name.find(";" + s) != std::string::npos) return true;
    }
    return false;
}

}  // namespace

MsDump read_ms_dump(const std::filesystem::path& path) {
    MsDump dump;
    dump.file = std::make_shared<const dump::JsonFile>(dump::JsonFile::load(path));
    const auto root = dump.file->root();
    const auto task = top_field(path, root, "task", "task field in api_info.json", FieldType::Str);
    if (task.text() != "statistics" && task.text() != "tensor") {
        throw Error(path.string(), "check_and_get_from_json_dict failed: task field in api_info.json is not accepted "
                                   "value: ('statistics', 'tensor')");
    }
    dump.task = task.text() == "tensor" ? DumpTask::Tensor : DumpTask::Statistics;

    const auto framework = root.member("framework");
    if (framework.text() == "mindtorch") {
        dump.framework = TestedFramework::MindTorch;
    } else if (framework.text() != "mindspore") {
        dump.framework_warning =
            !framework || framework.is_null()
                ? "framework field in api_info.json is missing: checked as mindspore"
                : "framework field in api_info.json is not mindspore or mindtorch: checked as mindspore";
    }
    if (dump.task == DumpTask::Tensor) {
        dump.dump_data_dir = std::string(
            top_field(path, root, "dump_data_dir", "dump_data_dir field in api_info.json", FieldType::Str).text());
    }
    const auto data = top_field(path, root, "data", "data field in api_info.json", FieldType::Dict);

    std::map<std::string, std::size_t, std::less<>> index;
    for (const auto entry : data.members()) {
        const std::string key(entry.name);
        if (!is_checkable(key, dump.framework)) {
            if (dump.left_out++ == 0) dump.left_out_example = key;
            continue;
        }
        // "www.xxx.yyy.zzz" -> "www.xxx.yyy"; any last part but "forward" is taken as backward, as msprobe does.
        const auto dot = key.rfind('.');
        const std::string name = key.substr(0, dot);
        if (has_formula_start(name)) {
            throw Error(path.string(), fmt::format("ApiInfo.__init__ failed: api_name contain illegal character: {}",
                                                   name));
        }
        auto [it, added] = index.try_emplace(name, dump.apis.size());
        if (added) dump.apis.push_back(MsApi{name, {}, {}});
        auto& api = dump.apis[it->second];
        if (key.substr(dot + 1) == "forward") {
            api.forward = entry.value;
        } else {
            api.backward = entry.value;
        }
    }
    return dump;
}

}  // namespace msprobe::ms_api_check
