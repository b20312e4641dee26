#include "graph/layer_map.hpp"

#include <unordered_map>

#include <fmt/format.h>

#include "common/error.hpp"
#include "common/log.hpp"
#include "dump/dump_file.hpp"
#include "mapping/layer_mapping.hpp"

namespace msprobe::graph {

std::unordered_map<std::string, std::string> layer_map(const std::filesystem::path& npu_folder,
                                                       const std::filesystem::path& bench_folder,
                                                       const std::optional<std::filesystem::path>& rules,
                                                       mapping::MappingFiles& files) {
    std::unordered_map<std::string, std::string> map;
    try {
        const dump::DumpFile npu = dump::read_dump_file(npu_folder / "dump.json");
        const dump::DumpFile bench = dump::read_dump_file(bench_folder / "dump.json");
        static const mapping::LayerRules kNoRules;
        const mapping::LayerRules& parsed = rules ? files.layer_rules(*rules) : kNoRules;
        for (auto& [from, to] : mapping::generate_layer_mapping(npu, bench, parsed).entries) map.emplace(from, to);
    } catch (const Error& error) {
        log::warning(fmt::format("The layer mapping could not be generated, nodes are matched by name: {}: {}",
                                 error.file(), error.reason()));
        map.clear();
    }
    return map;
}

}  // namespace msprobe::graph
