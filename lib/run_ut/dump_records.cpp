#include "run_ut/dump_records.hpp"

#include <fmt/format.h>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <map>

#include "common/error.hpp"
#include "common/log.hpp"

namespace msprobe::run_ut {

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The call signature -f compares: object elements of input_args without Max/Min, and input_kwargs.
std::string call_signature(const rapidjson::Value& forward) {
    rapidjson::Document sig(rapidjson::kArrayType);
    auto& alloc = sig.GetAllocator();
    rapidjson::Value args(rapidjson::kArrayType);
    if (forward.HasMember("input_args") && forward["input_args"].IsArray()) {
        for (const auto& a : forward["input_args"].GetArray()) {
            if (!a.IsObject()) continue;
            rapidjson::Value copy(a, alloc);
            copy.RemoveMember("Max");
            copy.RemoveMember("Min");
            args.PushBack(copy, alloc);
        }
    }
    sig.PushBack(args, alloc);
    rapidjson::Value kwargs(rapidjson::kObjectType);
    if (forward.HasMember("input_kwargs")) kwargs.CopyFrom(forward["input_kwargs"], alloc);
    sig.PushBack(kwargs, alloc);
    // Deep equality through a canonical text (member order is the dump's, as Python dict equality ignores order
    // only for differently ordered keys, which one dumper never produces).
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    sig.Accept(writer);
    return buffer.GetString();
}

}  // namespace

namespace {

// A legacy forward_info file: every value an object holding "args" (and usually "kwargs"), no "data" key.
bool is_legacy_forward_info(const rapidjson::Value& root) {
    if (!root.IsObject() || root.HasMember("data") || root.MemberCount() == 0) return false;
    for (const auto& m : root.GetObject()) {
        if (!m.value.IsObject() || !m.value.HasMember("args")) return false;
    }
    return true;
}

void read_legacy(DumpRecords& records) {
    records.legacy = std::make_shared<rapidjson::Document>(rapidjson::kObjectType);
    auto& doc = *records.legacy;
    auto& alloc = doc.GetAllocator();
    std::vector<std::string> names;
    for (const auto& m : records.json.document().GetObject()) {
        std::string name(m.name.GetString(), m.name.GetStringLength());
        std::replace(name.begin(), name.end(), '*', '.');
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("input_args", rapidjson::Value(m.value["args"], alloc), alloc);
        rapidjson::Value kwargs(rapidjson::kObjectType);
        if (m.value.HasMember("kwargs")) kwargs.CopyFrom(m.value["kwargs"], alloc);
        entry.AddMember("input_kwargs", kwargs, alloc);
        doc.AddMember(rapidjson::Value(name.c_str(), alloc), entry, alloc);
        names.push_back(name);
    }
    std::size_t i = 0;
    for (const auto& m : doc.GetObject()) records.apis.push_back({names[i++], &m.value, nullptr});
}

// backward_info_<pid>.json: "Family*api*n" -> the records of the gradients of the outputs; each becomes the
// backward entry {"input": [...]} of the forward entry of the same name.
void read_legacy_backward(DumpRecords& records, const std::filesystem::path& path) {
    records.legacy_backward_file = std::make_shared<const dump::JsonFile>(dump::JsonFile::load(path));
    const auto& root = records.legacy_backward_file->document();
    if (!root.IsObject()) throw Error(path.string(), "a backward_info file must be a JSON object");
    records.legacy_backward = std::make_shared<rapidjson::Document>(rapidjson::kObjectType);
    auto& doc = *records.legacy_backward;
    auto& alloc = doc.GetAllocator();
    for (const auto& m : root.GetObject()) {
        std::string name(m.name.GetString(), m.name.GetStringLength());
        if (!m.value.IsArray()) {
            throw Error(path.string(), fmt::format("{} must hold the list of the output gradients' records", name));
        }
        std::replace(name.begin(), name.end(), '*', '.');
        rapidjson::Value entry(rapidjson::kObjectType);
        // The copy's strings still point into the file's text, which records.legacy_backward_file keeps.
        entry.AddMember("input", rapidjson::Value(m.value, alloc), alloc);
        doc.AddMember(rapidjson::Value(name.c_str(), alloc), entry, alloc);
    }
    std::map<std::string, const rapidjson::Value*> backward;
    for (const auto& m : doc.GetObject()) backward[m.name.GetString()] = &m.value;
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

}  // namespace

DumpRecords read_dump_records(const std::filesystem::path& path, const std::filesystem::path& legacy_backward) {
    DumpRecords records{dump::JsonFile::load(path), nullptr, path, std::nullopt, {}, nullptr, nullptr};
    const auto& root = records.json.document();
    if (is_legacy_forward_info(root)) {
        read_legacy(records);
        if (!legacy_backward.empty()) read_legacy_backward(records, legacy_backward);
        return records;
    }
    if (!legacy_backward.empty()) {
        throw Error(legacy_backward.string(), fmt::format("-backward goes with a legacy forward_info_<pid>.json; {} is a "
                                                          "dump.json, which holds its own backward entries",
                                                          path.string()));
    }
    if (!root.IsObject() || !root.HasMember("data") || !root["data"].IsObject()) {
        throw Error(path.string(), "Invalid dump.json format: something wrong with dump, no data found in dump.json");
    }
    if (root.HasMember("dump_data_dir") && !root["dump_data_dir"].IsNull()) {
        records.data_root = path.parent_path() / "dump_tensor_data";
    }
    const auto& data = root["data"];
    if (data.MemberCount() == 0) log::warning(fmt::format("{} holds no API entries", path.string()));
    std::map<std::string, std::size_t> index;
    std::map<std::string, const rapidjson::Value*> backward;
    for (const auto& member : data.GetObject()) {
        const std::string key(member.name.GetString(), member.name.GetStringLength());
        if (key.find("Module") != std::string::npos) continue;
        if (key.find("forward") != std::string::npos) {
            if (!ends_with(key, ".forward")) throw Error(path.string(), fmt::format("Unexpected name in json: {}", key));
            const std::string name = key.substr(0, key.size() - 8);
            index[name] = records.apis.size();
            records.apis.push_back({name, &member.value, nullptr});
        } else if (ends_with(key, ".backward")) {
            backward[key.substr(0, key.size() - 9)] = &member.value;
        } else {
            throw Error(path.string(), fmt::format("Unexpected name in json: {}", key));
        }
    }
    for (auto& api : records.apis) {
        if (auto it = backward.find(api.full_name); it != backward.end()) api.backward = it->second;
    }
    return records;
}

std::vector<ApiEntry> filter_repeated_calls(const std::vector<ApiEntry>& apis) {
    std::map<std::string, std::vector<std::string>> seen;  // base key -> kept signatures
    std::vector<ApiEntry> kept;
    for (const auto& api : apis) {
        const auto dot = api.full_name.rfind('.');
        const std::string base = api.full_name.substr(0, dot);
        const std::string sig = call_signature(*api.forward);
        auto& list = seen[base];
        if (std::find(list.begin(), list.end(), sig) != list.end()) continue;
        list.push_back(sig);
        kept.push_back(api);
    }
    return kept;
}

}  // namespace msprobe::run_ut
