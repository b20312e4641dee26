#include "support/dump_structure_writers.hpp"

namespace msprobe::testing {

void StackJsonWriter::add(int call_site, const std::vector<std::string>& frames, const std::string& name) {
    const auto [it, inserted] = group_of_site_.emplace(call_site, groups_.size());
    if (inserted) groups_.push_back({&frames, {}});
    groups_[it->second].names.push_back(name);
}

void StackJsonWriter::write(const std::filesystem::path& file) const {
    JsonTextWriter json(file);
    json.begin_object();
    for (std::size_t i = 0; i < groups_.size(); ++i) {
        json.key(std::to_string(i));
        json.begin_array();
        json.begin_array();
        for (const auto& name : groups_[i].names) json.string(name);
        json.end_array();
        json.begin_array();
        for (const auto& frame : *groups_[i].frames) json.string(frame);
        json.end_array();
        json.end_array();
    }
    json.end_object();
    json.finish();
}

ConstructJsonWriter::ConstructJsonWriter(const std::filesystem::path& file) : json_(file) { json_.begin_object(); }

void ConstructJsonWriter::add(const std::string& node, const std::optional<std::string>& parent) {
    if (!written_.insert(node).second) return;
    json_.key(node);
    if (parent) {
        json_.string(*parent);
    } else {
        json_.null();
    }
}

void ConstructJsonWriter::finish() {
    json_.end_object();
    json_.finish();
}

}  // namespace msprobe::testing
