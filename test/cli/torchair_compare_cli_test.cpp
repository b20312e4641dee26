// compare -m torchair through the binary: the report file byte for byte on a
// generated GE and FX dump, msprobe's log line, --rank, --fail-on, and the
// one-line refusals of input it cannot compare.
#include <catch2/catch.hpp>

#include <string>

#include "msprobe_process.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/torchair_dump_writer.hpp"

namespace fs = std::filesystem;
using namespace msprobe::testing;

namespace {

// One Add kernel of one token: inputs (2) and (4), output (6); FX's output is (5).
struct TorchairDumps {
    fs::path dir;
    fs::path ge;
    fs::path fx;
    fs::path kernel;
};

TorchairDumps torchair_dumps(const std::string& name) {
    TorchairDumps d;
    d.dir = fs::canonical(scratch_dir(name));
    d.ge = d.dir / "msprobe_ge_dump";
    d.fx = d.dir / "data_dump";
    write_ge_graph(d.ge, 1, 0, {{"Add_1", "Add", {"arg0_1:0", "arg1_1:0"}, {{"add-aten.add.Tensor.OUTPUT.0"}}}});
    d.kernel = write_ge_dump(ge_token_dir(d.ge, 0, 1, 0), "Add", "Add_1", 1700000000000001,
                             {ge_float_tensor({2}), ge_float_tensor({4})}, {ge_float_tensor({6})});
    write_fx_tensor(d.fx / "1" / "gm_1_dump", "add-aten.add.Tensor", true, 0, {2});
    write_fx_tensor(d.fx / "1" / "gm_1_dump", "add-aten.add.Tensor", true, 1, {4});
    write_fx_tensor(d.fx / "1" / "gm_1_dump", "add-aten.add.Tensor", false, 0, {5});
    return d;
}

std::string fx_file(const TorchairDumps& d, const std::string& io, int index) {
    return (d.fx / "1" / "gm_1_dump" / ("add-aten.add.Tensor." + io + "." + std::to_string(index) +
                                        ".20250101120000123456.npy"))
        .string();
}

}  // namespace

TEST_CASE("torchair compare via the binary: the report of a GE dump against its FX dump", "[cli][torchair]") {
    const TorchairDumps d = torchair_dumps("cli_torchair_report");
    const auto result = run_msprobe({"compare", "-m", "torchair", "-tp", d.ge.string(), "-gp", d.fx.string(), "-o",
                                     "out"},
                                    d.dir);
    INFO(result.err);
    REQUIRE(result.exit_code == 0);
    const fs::path report = output_named(d.dir / "out", "msprobe_cmp_report_");
    REQUIRE(!report.empty());
    CHECK(report.filename().string().size() == std::string("msprobe_cmp_report_20260101000000.csv").size());
    // The path as msprobe joins it: the -o text, then the file name.
    CHECK(result.out.find("Saved comparing results: out/" + report.filename().string()) != std::string::npos);
    // Per row: one-element tensors, so softmax is exactly 1 and kl_divergence exactly 0.0; the output row:
    // |6 / 5 - 1| = 0.20000004768371582 in float32, sqrt(1 / 25) = 0.20000000298023224.
    const std::string k = d.kernel.string();
    // The summary: the output row is the one below the guide's relative error bound.
    CHECK(result.out.find("Compared 3 rows: 2 pass, 1 warning, 0 error.\nFirst warning: " + k +
                          ",outputs,0: cosine_similarity 1, max_relative_error 0.20000004768371582\nWritten:\n  out/" +
                          report.filename().string() + "\n") != std::string::npos);
    CHECK(read_file_text(report) ==
          "token_id,data_id,golden_data_path,golden_op_type,golden_dtype,golden_shape,golden_max_value,"
          "golden_min_value,golden_mean_value,my_data_path,my_op_type,my_dtype,my_shape,my_max_value,my_min_value,"
          "my_mean_value,cosine_similarity,max_relative_error,mean_relative_error,max_absolute_error,"
          "mean_absolute_error,kl_divergence,relative_euclidean_distance,cmp_fail_reason\n"
          "0,0," + fx_file(d, "INPUT", 0) + ",,torch.float32,[1],2.0,2.0,2.0,\"" + k +
              ",inputs,0\",,torch.float32,[1],2.0,2.0,2.0,1.0,0.0,0.0,0.0,0.0,0.0,0.0,\n"
          "0,1," + fx_file(d, "INPUT", 1) + ",,torch.float32,[1],4.0,4.0,4.0,\"" + k +
              ",inputs,1\",,torch.float32,[1],4.0,4.0,4.0,1.0,0.0,0.0,0.0,0.0,0.0,0.0,\n"
          "0,2," + fx_file(d, "OUTPUT", 0) + ",,torch.float32,[1],5.0,5.0,5.0,\"" + k +
              ",outputs,0\",,torch.float32,[1],6.0,6.0,6.0,1.0,0.20000004768371582,0.20000004768371582,1.0,1.0,"
              "0.0,0.20000000298023224,\n");
    // The output row misses the guide's max_relative_error < 0.01: a warning row for --fail-on.
    CHECK(run_msprobe({"compare", "-m", "torchair", "-tp", d.ge.string(), "-gp", d.fx.string(), "-o", "out2",
                       "--fail-on", "warning"},
                      d.dir)
              .exit_code == 1);
    CHECK(run_msprobe({"compare", "-m", "torchair", "-tp", d.ge.string(), "-gp", d.fx.string(), "-o", "out3",
                       "--fail-on", "error"},
                      d.dir)
              .exit_code == 0);
}

TEST_CASE("torchair compare via the binary: --rank is taken, and refused as msprobe does under --strict_compat",
          "[cli][torchair]") {
    const TorchairDumps d = torchair_dumps("cli_torchair_rank");
    // Without rank folders the rank has no effect (msprobe's warning), and the run goes on.
    const auto taken = run_msprobe({"compare", "-m", "torchair", "-tp", d.ge.string(), "-gp", d.fx.string(), "-o",
                                    "out", "--rank", "1"},
                                   d.dir);
    CHECK(taken.exit_code == 0);
    CHECK(taken.out.find("the rank parameter will not take effect") != std::string::npos);
    const auto bad = run_msprobe({"compare", "-m", "torchair", "-tp", d.ge.string(), "-gp", d.fx.string(), "-o",
                                  "out", "--rank", "0,1"},
                                 d.dir);
    CHECK(bad.exit_code == 1);
    CHECK(bad.err.find("Argument --rank only supports a single integer when mode=='torchair'.") != std::string::npos);
    const auto strict = run_msprobe({"compare", "-m", "torchair", "-tp", d.ge.string(), "-gp", d.fx.string(), "-o",
                                     "out", "--rank", "1", "--strict_compat"},
                                    d.dir);
    CHECK(strict.exit_code == 1);
    CHECK(strict.err.find("Invalid argument '--rank' for mode 'torchair'") != std::string::npos);
}

TEST_CASE("torchair compare via the binary: a dump without a graph is one line, exit 1, nothing written",
          "[cli][torchair]") {
    const TorchairDumps d = torchair_dumps("cli_torchair_no_graph");
    fs::remove(d.ge / "dynamo_original_graph_1_rank_0_pid_123_ts_20250101120000.txt");
    const auto result = run_msprobe({"compare", "-m", "torchair", "-tp", d.ge.string(), "-gp", d.fx.string(), "-o",
                                     "out"},
                                    d.dir);
    CHECK(result.exit_code == 1);
    CHECK(result.err == "msprobe compare: error: " + d.ge.string() +
                            ": Can not get ge graph, Please check whether the input path contains graph.\n");
    CHECK_FALSE(fs::exists(d.dir / "out"));
}
