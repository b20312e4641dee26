#include "mapping/compare_keys.hpp"

#include <optional>

#include "common/error.hpp"
#include "mapping/api_mapping.hpp"
#include "mapping/cell_mapping.hpp"
#include "mapping/data_mapping.hpp"
#include "mapping/layer_mapping.hpp"
#include "mapping/mapping_files.hpp"

namespace msprobe::mapping {

namespace fs = std::filesystem;

namespace {

// -lm's mapping (replacing -dm), or -dm's, or none. An empty generated mapping
// counts as none: msprobe then falls back to the ordinary join (its yaml is
// still written). A generated mapping is kept in `generated` and its yaml text
// in `generated_yaml`; -dm's
// is the run's parsed file itself, not a copy per pair.
const DataMapping* active_data_mapping(const dump::DumpFile& npu, const dump::DumpFile& bench,
                                       const MappingOptions& options, const KeyContext& context,
                                       std::optional<DataMapping>& generated,
                                       std::optional<std::string>& generated_yaml) {
    if (options.layer_mapping && context.mindspore) {
        static const LayerRules kNoRules;
        const LayerRules& rules =
            options.layer_mapping->empty() ? kNoRules : options.files->layer_rules(*options.layer_mapping);
        const LayerMappingResult layers = generate_layer_mapping(npu, bench, rules);
        generated_yaml = data_mapping_yaml(layers);  // written even when empty, as msprobe writes it
        if (layers.items.empty()) return nullptr;
        generated.emplace();
        for (const auto& [from, to] : layers.items) generated->emplace(from, to);
        return &*generated;
    }
    if (options.data_mapping) return &options.files->data(*options.data_mapping);
    return nullptr;
}

}  // namespace

void check_mapping_files(const MappingOptions& options, bool mindspore) {
    auto given = [](const std::optional<std::string>& flag) { return flag && !flag->empty(); };
    MappingFiles& files = *options.files;
    if (mindspore && given(options.api_mapping)) files.api(*options.api_mapping);
    if (mindspore && given(options.cell_mapping)) files.cell(*options.cell_mapping);
    if (given(options.data_mapping)) files.data(*options.data_mapping);
    if (options.data_mapping && options.data_mapping->empty()) throw Error("", "-dm/--data_mapping needs a yaml file");
    if (mindspore && given(options.layer_mapping)) files.layer_rules(*options.layer_mapping);
}

CompareKeys npu_compare_keys(const dump::DumpFile& npu, const dump::DumpFile& bench, const MappingOptions& options,
                             const KeyContext& context) {
    CompareKeys out;
    // Read every user file first, so a bad one fails before any work.
    const bool api = options.api_mapping && context.mindspore;
    const bool cell = options.cell_mapping && (context.mindspore || context.cell_mapping_any_framework);
    static const std::vector<ApiMappingRecord> kNoRecords;
    static const CellMapping kNoCells;
    const std::vector<ApiMappingRecord>& api_records =
        api && !options.api_mapping->empty() ? options.files->api(*options.api_mapping) : kNoRecords;
    const CellMapping& cells =
        !api && cell && !options.cell_mapping->empty() ? options.files->cell(*options.cell_mapping) : kNoCells;
    std::optional<DataMapping> generated;
    const DataMapping* data = active_data_mapping(npu, bench, options, context, generated, out.generated_mapping_yaml);
    out.join_on_key_only = data != nullptr;

    if (!api && !cell && !data) return out;
    out.npu_keys.reserve(npu.rows.size());
    for (std::size_t i = 0; i < npu.rows.size(); ++i) {
        const std::string& name = context.npu_names ? (*context.npu_names)[i] : npu.rows[i].name;
        if (api) {
            out.npu_keys.push_back(builtin_api_key(name, npu.path));
        } else if (cell) {
            out.npu_keys.push_back(cell_mapping_key(name, cells, context.cell_rules));
        } else {
            out.npu_keys.push_back(data_mapping_key(*data, name));
        }
    }
    if (api) apply_user_api_mapping(api_records, npu, bench, out.npu_keys);
    return out;
}

}  // namespace msprobe::mapping
