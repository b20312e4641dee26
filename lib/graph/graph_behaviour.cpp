#include "graph/graph_behaviour.hpp"

namespace msprobe::graph {

GraphBehaviour graph_command_behaviour() { return {}; }

GraphBehaviour graph_visualize_behaviour() {
    GraphBehaviour behaviour;
    behaviour.run_folders = {.skip_stray_entries = true, .process_folder_as_rank = true};
    behaviour.build = {.dump_data_dir = DumpDataDirRule::Relocated,
                       .known_names = KnownNames::PatternsAndRoot,
                       .unknown_name_level = log::Level::Debug,
                       .recompute = {.stack_confirms = true, .skip_moves_below_self = true}};
    behaviour.match_item_shapes = false;
    // Its items are paired by position correctly: no misaligned names to reproduce.
    behaviour.comparison = {.index = IndexKind::Verdict,
                            .item_verdicts = true,
                            .misaligned_item_names = false,
                            .tensor_postprocess = nullptr};  // the command loads its configuration
    behaviour.collections_indexed_first = false;
    behaviour.communication = {.send_recv_same_output = false, .exported_rows = true};
    behaviour.database = {.is_distributed_column = true, .full_floats = true};
    behaviour.database_mode_from_umask = true;
    return behaviour;
}

}  // namespace msprobe::graph
