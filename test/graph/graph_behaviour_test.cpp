// The two command lines' choices: graph keeps every default, graph_visualize turns each one.
#include <catch2/catch.hpp>

#include "graph/graph_behaviour.hpp"

using namespace msprobe::graph;

TEST_CASE("graph_behaviour: msprobe's graph is GraphBehaviour's defaults", "[graph][behaviour]") {
    const GraphBehaviour graph = graph_command_behaviour();
    CHECK_FALSE(graph.run_folders.skip_stray_entries);
    CHECK_FALSE(graph.run_folders.process_folder_as_rank);
    CHECK(graph.build.dump_data_dir == DumpDataDirRule::AsRecorded);
    CHECK(graph.build.known_names == KnownNames::Patterns);
    CHECK(graph.build.unknown_name_level == msprobe::log::Level::Warning);
    CHECK_FALSE(graph.build.recompute.stack_confirms);
    CHECK_FALSE(graph.build.recompute.skip_moves_below_self);
    CHECK(graph.match_item_shapes);
    CHECK(graph.comparison.index == IndexKind::ModeMetric);
    CHECK_FALSE(graph.comparison.item_verdicts);
    CHECK(graph.comparison.misaligned_item_names);
    CHECK(graph.collections_indexed_first);
    CHECK(graph.communication.send_recv_same_output);
    CHECK_FALSE(graph.communication.exported_rows);
    CHECK_FALSE(graph.database.is_distributed_column);
    CHECK_FALSE(graph.database.full_floats);
    CHECK_FALSE(graph.database_mode_from_umask);
}

TEST_CASE("graph_behaviour: msprobe's graph_visualize turns every choice", "[graph][behaviour]") {
    const GraphBehaviour visualize = graph_visualize_behaviour();
    CHECK(visualize.run_folders.skip_stray_entries);
    CHECK(visualize.run_folders.process_folder_as_rank);
    CHECK(visualize.build.dump_data_dir == DumpDataDirRule::Relocated);
    CHECK(visualize.build.known_names == KnownNames::PatternsAndRoot);
    CHECK(visualize.build.unknown_name_level == msprobe::log::Level::Debug);
    CHECK(visualize.build.recompute.stack_confirms);
    CHECK(visualize.build.recompute.skip_moves_below_self);
    CHECK_FALSE(visualize.match_item_shapes);
    CHECK(visualize.comparison.index == IndexKind::Verdict);
    CHECK(visualize.comparison.item_verdicts);
    CHECK_FALSE(visualize.comparison.misaligned_item_names);
    CHECK_FALSE(visualize.collections_indexed_first);
    CHECK_FALSE(visualize.communication.send_recv_same_output);
    CHECK(visualize.communication.exported_rows);
    CHECK(visualize.database.is_distributed_column);
    CHECK(visualize.database.full_floats);
    CHECK(visualize.database_mode_from_umask);
}
