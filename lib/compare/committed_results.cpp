#include "compare/committed_results.hpp"

#include <fmt/format.h>

#include "common/log.hpp"

namespace msprobe::compare {

void commit_results(report::StagedFiles& staged, CompareSummary& summary) {
    staged.commit();
    for (auto& pair : summary.pairs) {
        for (auto& path : pair.written) path = staged.placed(path);
        if (!pair.written.empty()) log::info(fmt::format("The result file is saved in: {}", pair.written[0].string()));
        for (const auto& path : pair.written) {
            if (path.filename().string().starts_with("data_mapping_")) {
                log::info(fmt::format("The data mapping file is saved in: {}", path.string()));
            }
        }
    }
}

}  // namespace msprobe::compare
