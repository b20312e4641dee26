#include "compare/tensor_postprocess.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"
#include "common/log.hpp"
#include "mapping/yaml_file.hpp"
#include "tensor/squeezed.hpp"

namespace msprobe::compare {

namespace fs = std::filesystem;

namespace {

// The configurations to read: names ending .yaml or .yml, sorted as Python sorts strings.
std::vector<std::string> config_names(const fs::path& dir) {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.ends_with(".yaml") || name.ends_with(".yml")) names.push_back(name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

// PyYAML's falsy documents, which msprobe skips without a word.
bool empty_document(const YAML::Node& doc) {
    return doc.IsNull() || (doc.IsScalar() && doc.Scalar().empty()) ||
           ((doc.IsMap() || doc.IsSequence()) && doc.size() == 0);
}

}  // namespace

TensorPostprocess TensorPostprocess::load(const fs::path& dir) {
    TensorPostprocess manager;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return manager;
    for (const auto& name : config_names(dir)) {
        const std::string path = (dir / name).string();
        YAML::Node config;
        try {
            config = mapping::load_yaml_file(path);
        } catch (const Error& e) {
            log::warning("Failed to load tensor postprocess config: " + path);
            log::warning(e.what());
            continue;
        }
        if (empty_document(config)) continue;
        if (!config.IsMap()) {
            log::warning("Failed to load tensor postprocess config: " + path);
            log::warning(path + ": the document is not a mapping");
            continue;
        }
        const YAML::Node mode = config["mode"];
        const std::string mode_text = !mode || mode.IsNull() ? "None" : mode.IsScalar() ? mode.Scalar() : "";
        if (mode_text != "right_matmul") {
            log::warning("Unknown tensor postprocess mode: " +
                         (mode && !mode.IsScalar() ? YAML::Dump(mode) : mode_text));
            continue;
        }
        RightMatmul processor(config, path);
        if (!processor.effective()) {
            log::info(fmt::format("Skipped empty tensor postprocess config [{}] from {}", mode_text, path));
            continue;
        }
        manager.processors_.push_back(std::move(processor));
        log::info(fmt::format("Loaded tensor postprocess mode [{}] from {}", mode_text, path));
    }
    return manager;
}

void TensorPostprocess::apply(tensor::TensorView& npu, tensor::TensorView& bench, const std::string& npu_data_name,
                              const std::string& bench_data_name, const tensor::MatmulParallelFor& parallel_for) const {
    const bool named = std::any_of(processors_.begin(), processors_.end(),
                                   [&](const RightMatmul& p) { return p.names(npu_data_name, bench_data_name); });
    if (!named) return;
    npu = tensor::squeezed(npu);
    bench = tensor::squeezed(bench);
    for (const auto& processor : processors_) processor.apply(npu, bench, npu_data_name, bench_data_name, parallel_for);
}

}  // namespace msprobe::compare
