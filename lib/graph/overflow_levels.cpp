#include "graph/overflow_levels.hpp"

#include "overflow/overflow_scan.hpp"

namespace msprobe::graph {

void attach_overflow_levels(ModelGraph& graph, const std::filesystem::path& dump_json) {
    overflow::ScanOptions options;
    options.scope = overflow::Scope::All;  // msprobe's detector looks at every entry, modules too
    options.read_tensor_files = false;     // it reads the recorded statistics only
    const overflow::DumpScan scan = overflow::scan_dump({dump_json, "", ""}, options);
    for (const overflow::ScannedEntry& entry : scan.reported) {
        GraphNode* node = graph.find(entry.api);
        if (node != nullptr && node->has_record)
            node->writable_rare().overflow_level = std::string(overflow::level_name(entry.overflow_class));
    }
}

}  // namespace msprobe::graph
