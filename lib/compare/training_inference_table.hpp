#pragma once
// The table of a training-vs-inference compare (msprobe's "consistent check"):
// a training dump (FSDP or Megatron modules, L0 tensors) against an inference
// dump of the same model. Rows are paired and fused by training_inference_match.hpp;
// a fused side shows its names, dtypes, shapes and data names joined, its
// largest max, smallest min and every mean and norm; its tensors are joined
// before they are measured (q, k and v projections along dim 1, their weights
// along dim 0, their shared input taken once). The real-data rules judge the rows,
// without the requires_grad rule and with shapes compared without size-1 dims.
#include <memory>

#include "common/thread_pool.hpp"
#include "compare/result_table.hpp"
#include "compare/tensor_postprocess_folder.hpp"
#include "dump/dump_file.hpp"
#include "dump/stack_file.hpp"
#include "mapping/training_inference_keys.hpp"

namespace msprobe::compare {

struct TrainingInferenceOptions {
    mapping::TrainingBackend backend = mapping::TrainingBackend::Fsdp;
    bool names_for_workbook = false;  // fused names joined by ";\n" (a line per name in a workbook cell), else ";  "
};

struct TrainingInferenceRun {
    TrainingInferenceOptions check;
    bool strict_compat = false;
    bool show_progress = false;
    // Tensors of configured entries right-multiplied before the metrics, as in any real-data compare (null: none).
    std::shared_ptr<const TensorPostprocessFolder> tensor_postprocess;
};

// The judged table; throws msprobe::Error when either dump holds no tensors.
ResultTable training_inference_table(const dump::DumpFile& training, const dump::DumpFile& inference,
                                     const dump::StackFile* stack, ThreadPool& pool, const TrainingInferenceRun& run);

}  // namespace msprobe::compare
