#include "run_ut/dump_records.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>
#include <map>

#include "common/error.hpp"
#include "common/input_file.hpp"
#include "common/log.hpp"
#include "common/memory_budget.hpp"
#include "dump/dump_entry_stream.hpp"
#include "dump/json_text.hpp"
#include "dump/python_equality.hpp"

namespace msprobe::run_ut {

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The call signature -f compares: the object elements of input_args without Max/Min, and input_kwargs,
// equal as Python's == finds the parsed records equal.
class CallSignature {
public:
    explicit CallSignature(dump::JsonView forward) : kwargs_(forward.member("input_kwargs")) {
        // The arguments alone key the buckets: an absent input_kwargs must meet an empty one.
        for (const auto a : forward.member("input_args").items()) {
            if (!a.is_object()) continue;
            args_.push_back(a);
            hash_ = hash_ * 31 + dump::python_hash(a, {"Max", "Min"});
        }
    }

    std::size_t hash() const { return hash_; }

    bool operator==(const CallSignature& other) const {
        if (args_.size() != other.args_.size() || !same_kwargs(other)) return false;
        for (std::size_t i = 0; i < args_.size(); ++i) {
            if (!dump::python_equal(args_[i], other.args_[i], {"Max", "Min"})) return false;
        }
        return true;
    }

private:
    // An absent input_kwargs is the empty dict msprobe defaults it to.
    bool same_kwargs(const CallSignature& other) const {
        if (kwargs_.present() && other.kwargs_.present()) return dump::python_equal(kwargs_, other.kwargs_);
        const auto given = kwargs_.present() ? kwargs_ : other.kwargs_;
        return !given.present() || (given.is_object() && given.size() == 0);
    }

    std::vector<dump::JsonView> args_;
    dump::JsonView kwargs_;
    std::size_t hash_ = 0;
};

// A legacy forward_info file: every value an object holding "args" (and usually "kwargs"), no "data" key.
bool is_legacy_forward_info(dump::JsonView root) {
    if (!root.is_object() || root.has_member("data") || root.size() == 0) return false;
    for (const auto& m : root.members()) {
        if (!m.value.is_object() || !m.value.has_member("args")) return false;
    }
    return true;
}

// Each legacy record becomes {"input_args": args, "input_kwargs": kwargs} under "Family.api.n", written as text
// and read back, so the entries are views like those of a dump.json.
void read_legacy(DumpRecords& records, dump::JsonView root) {
    std::string text = "{";
    std::vector<std::string> names;
    for (const auto& m : root.members()) {
        std::string name(m.name);
        std::replace(name.begin(), name.end(), '*', '.');
        const auto kwargs = m.value.member("kwargs");
        if (!names.empty()) text += ',';
        text += fmt::format("{}:{{\"input_args\":{},\"input_kwargs\":{}}}", dump::json_string_literal(name),
                            dump::compact_json(m.value.member("args")), kwargs ? dump::compact_json(kwargs) : "{}");
        names.push_back(std::move(name));
    }
    text += '}';
    records.legacy =
        std::make_shared<const dump::JsonFile>(dump::JsonFile::from_text(std::move(text), records.path.string()));
    std::size_t i = 0;
    for (const auto& m : records.legacy->root().members()) records.apis.push_back({names[i++], m.value, {}});
}

// backward_info_<pid>.json: "Family*api*n" -> the records of the gradients of the outputs; each becomes the
// backward entry {"input": [...]} of the forward entry of the same name.
void read_legacy_backward(DumpRecords& records, const std::filesystem::path& path) {
    const auto file = dump::JsonFile::load(path);
    const auto root = file.root();
    if (!root.is_object()) throw Error(path.string(), "a backward_info file must be a JSON object");
    std::string text = "{";
    for (const auto& m : root.members()) {
        std::string name(m.name);
        if (!m.value.is_array()) {
            throw Error(path.string(), fmt::format("{} must hold the list of the output gradients' records", name));
        }
        std::replace(name.begin(), name.end(), '*', '.');
        if (text.size() > 1) text += ',';
        text += fmt::format("{}:{{\"input\":{}}}", dump::json_string_literal(name), dump::compact_json(m.value));
    }
    text += '}';
    records.legacy_backward =
        std::make_shared<const dump::JsonFile>(dump::JsonFile::from_text(std::move(text), path.string()));
    std::map<std::string, dump::JsonView> backward;
    for (const auto& m : records.legacy_backward->root().members()) backward[std::string(m.name)] = m.value;
    std::size_t matched = 0;
    for (auto& api : records.apis) {
        if (auto it = backward.find(api.full_name); it != backward.end()) {
            api.backward = it->second;
            ++matched;
        }
    }
    if (matched < backward.size()) {
        log::warning(fmt::format("{}: {} of its {} entries match no API of the forward file", path.string(),
                                 backward.size() - matched, backward.size()));
    }
}

Error backward_without_legacy(const std::filesystem::path& path, const std::filesystem::path& legacy_backward) {
    return Error(legacy_backward.string(), fmt::format("-backward goes with a legacy forward_info_<pid>.json; {} is a "
                                                       "dump.json, which holds its own backward entries",
                                                       path.string()));
}

Error no_data(const std::filesystem::path& path) {
    return Error(path.string(), "Invalid dump.json format: something wrong with dump, no data found in dump.json");
}

// A file without a "data" object: a legacy forward_info file, read whole as before (the 2023 tool's files
// are small), or not a run_ut input at all.
DumpRecords read_whole_file(const std::filesystem::path& path, const std::filesystem::path& legacy_backward) {
    const auto file = dump::JsonFile::load(path);
    if (!is_legacy_forward_info(file.root())) {
        if (!legacy_backward.empty()) throw backward_without_legacy(path, legacy_backward);
        throw no_data(path);
    }
    DumpRecords records;
    records.path = path;
    read_legacy(records, file.root());
    if (!legacy_backward.empty()) read_legacy_backward(records, legacy_backward);
    return records;
}

}  // namespace

DumpRecords read_dump_records(const std::filesystem::path& path, const std::filesystem::path& legacy_backward) {
    DumpRecords records;
    records.path = path;
    std::map<std::string, dump::JsonView> backward;
    dump::DumpStreamSummary summary;
    try {
        {
            const InputFile input = InputFile::open(path, InputKind::Json);
            const MemoryReservation reservation = reserve_for_reading(input, kDumpRecordsFootprintPerByte);
            const auto keep_entry = [&](std::uint32_t, std::string_view name, dump::JsonView entry) {
                // A file with entries is a dump.json, which -backward does not go with.
                if (!legacy_backward.empty()) throw backward_without_legacy(path, legacy_backward);
                const std::string key(name);
                if (key.find("Module") != std::string::npos) return;
                if (key.find("forward") != std::string::npos) {
                    if (!ends_with(key, ".forward")) {
                        throw Error(path.string(), fmt::format("Unexpected name in json: {}", key));
                    }
                    records.apis.push_back({key.substr(0, key.size() - 8),
                                            records.kept.keep_members(entry, {"input_args", "input_kwargs", "output"}),
                                            {}});
                } else if (ends_with(key, ".backward")) {
                    backward[key.substr(0, key.size() - 9)] = records.kept.keep_members(entry, {"input"});
                } else {
                    throw Error(path.string(), fmt::format("Unexpected name in json: {}", key));
                }
            };
            // Any top level: a file without "data" may be a legacy forward_info file, read whole below.
            summary = dump::stream_dump_entries(input, dump::DumpTopLevel::Any, keep_entry);
        }
        if (summary.data == dump::DumpStreamSummary::Data::Missing) return read_whole_file(path, legacy_backward);
        if (!legacy_backward.empty()) throw backward_without_legacy(path, legacy_backward);
        if (summary.data != dump::DumpStreamSummary::Data::Object) throw no_data(path);
    } catch (...) {
        rethrow_naming(path.string());
    }
    if (summary.top_non_null.count("dump_data_dir") != 0) records.data_root = path.parent_path() / "dump_tensor_data";
    if (summary.entry_names.empty()) log::warning(fmt::format("{} holds no API entries", path.string()));
    for (auto& api : records.apis) {
        if (auto it = backward.find(api.full_name); it != backward.end()) api.backward = it->second;
    }
    return records;
}

std::vector<ApiEntry> filter_repeated_calls(const std::vector<ApiEntry>& apis) {
    // base key -> signature hash -> the kept calls' signatures
    std::map<std::string, std::unordered_map<std::size_t, std::vector<CallSignature>>> seen;
    std::vector<ApiEntry> kept;
    for (const auto& api : apis) {
        const auto dot = api.full_name.rfind('.');
        CallSignature sig(api.forward);
        auto& bucket = seen[api.full_name.substr(0, dot)][sig.hash()];
        if (std::find(bucket.begin(), bucket.end(), sig) != bucket.end()) continue;
        bucket.push_back(std::move(sig));
        kept.push_back(api);
    }
    return kept;
}

}  // namespace msprobe::run_ut
