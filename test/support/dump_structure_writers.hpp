#pragma once
// The two files msprobe writes next to dump.json about where records come
// from (formats.md §7, §8): stack.json groups forward records by identical
// call stack, construct.json maps each node to its enclosing module.
#include <filesystem>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "support/json_text_writer.hpp"

namespace msprobe::testing {

// Collects the groups in first-call order; written at the end as
// {"0": [[names...], [frames...]], ...}.
class StackJsonWriter {
public:
    // `call_site` identifies `frames`: records of the same site share one group.
    void add(int call_site, const std::vector<std::string>& frames, const std::string& name);
    void write(const std::filesystem::path& file) const;

private:
    struct Group {
        const std::vector<std::string>* frames;
        std::vector<std::string> names;
    };
    std::vector<Group> groups_;
    std::unordered_map<int, std::size_t> group_of_site_;
};

// Streams {node: parent-or-null}; a node is written once, when first added.
class ConstructJsonWriter {
public:
    explicit ConstructJsonWriter(const std::filesystem::path& file);
    void add(const std::string& node, const std::optional<std::string>& parent);
    void finish();

private:
    JsonTextWriter json_;
    std::unordered_set<std::string> written_;
};

}  // namespace msprobe::testing
