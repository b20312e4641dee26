// msprobe-dumpgen: writes a synthetic npu/bench pair of msprobe dumps
// (see support/dump_generator.hpp) for tests, benchmarks and examples; or,
// with --mindspore-kernel, a MindSpore kernel dump pair as .bin and as .npy
// files (support/kernel_bin_dump_pair.hpp).
#include <CLI/CLI.hpp>

#include <cstdio>
#include <limits>
#include <map>
#include <string>

#include "common/error.hpp"
#include "support/dump_generator.hpp"
#include "support/kernel_bin_dump_pair.hpp"
#include "support/mindspore_dump.hpp"
#include "support/offline_model_dump.hpp"
#include "support/overflow_dump.hpp"
#include "support/planted_anomaly.hpp"
#include "support/ptdbg_writer.hpp"

namespace {

void print_site(const char* what, const std::string& entry) {
    if (!entry.empty()) std::printf("  %-24s %s\n", what, entry.c_str());
}

}  // namespace

int main(int argc, char** argv) {
    using namespace msprobe::testing;
    DumpPairOptions options;
    bool identical = false;
    bool legacy = false;
    bool legacy_stack = false;
    int divergent_rank = -1;
    int inf_rank = -1;

    CLI::App app{"Writes a synthetic npu/bench pair of msprobe PyTorch dumps (or MindSpore kernel dumps)."};
    app.add_option("--out", options.out, "folder that receives npu/, bench/ and compare*.json")->required();
    app.add_option("--apis", options.apis, "about this many dump.json entries per side and rank")
        ->check(CLI::PositiveNumber);
    app.add_option("--task", options.task, "what each tensor leaf records (tensor: also a .pt file)")
        ->transform(CLI::CheckedTransformer(
            std::map<std::string, DumpTask>{{"statistics", DumpTask::Statistics}, {"tensor", DumpTask::Tensor}}))
        ->option_text("statistics|tensor");
    app.add_option("--summary-mode", options.summary_mode, "md5: add a CRC-32 of each tensor")
        ->transform(CLI::CheckedTransformer(
            std::map<std::string, SummaryMode>{{"statistics", SummaryMode::Statistics}, {"md5", SummaryMode::Md5}}))
        ->option_text("statistics|md5");
    app.add_option("--level", options.level, "API records, module records, or both")
        ->transform(CLI::CheckedTransformer(
            std::map<std::string, DumpLevel>{{"L1", DumpLevel::L1}, {"L0", DumpLevel::L0}, {"mix", DumpLevel::Mix}}))
        ->option_text("L1|L0|mix");
    app.add_option("--ranks", options.ranks, "1 writes step0/rank, more write step0/rank0..N-1")
        ->check(CLI::PositiveNumber);
    app.add_option("--seed", options.seed, "random seed; equal options and seed give identical files");
    app.add_option("--tensor-elements", options.tensor_elements, "elements per activation tensor (rows of 16)")
        ->check(CLI::Range(std::int64_t{16}, std::int64_t{1} << 30));
    app.add_flag("--identical", identical, "no npu/bench differences");
    bool mindspore = false;
    app.add_flag("--mindspore", mindspore,
                 "write the pair in MindSpore's dump layout (Cell./Mint./MintFunctional. names, MindSpore dtypes, "
                 ".npy tensor files)");
    std::string plant;
    OverflowDumpOptions overflow;
    app.add_option("--plant-overflow", plant,
                   "npu only, no other difference: one fc2 output element at --overflow-rank becomes inf, -inf or nan")
        ->check(CLI::IsMember({"inf", "-inf", "nan"}));
    app.add_option("--overflow-rank", overflow.planted_rank, "rank of the planted overflow (default 1)");
    app.add_option("--overflow-at", overflow.planted_at,
                   "position of the planted overflow in the run (0..1, default 0.5)")
        ->check(CLI::Range(0.0, 1.0));
    app.add_flag("--legacy", legacy,
                 "write the legacy layouts instead: a ptdbg_ascend .pkl pair with .npy folders and an online-dispatch "
                 "run folder (uses --out, --ranks, --identical)");
    app.add_flag("--legacy-stack", legacy_stack, "with --legacy: api_stack_ pkl dumps with stack records");
    bool mindspore_kernel = false;
    bool damaged_bin = false;
    app.add_flag("--mindspore-kernel", mindspore_kernel,
                 "write a MindSpore static-graph kernel dump pair instead, twice from the same tensors: kernel dump "
                 "(.bin) files in bin/{npu,bench} and the equivalent .npy files in npy/{npu,bench}, with "
                 "compare_bin.json and compare_npy.json (uses --out, --seed, --identical)");
    app.add_flag("--damaged-bin", damaged_bin, "with --mindspore-kernel: cut the last bytes off one npu .bin file");
    bool offline_model = false;
    OfflineModelOptions offline;
    app.add_flag("--offline-model", offline_model,
                 "write a converted model's dumps instead: NPU kernel dumps (float16 NC1HWC0 and FRACTAL_NZ) in npu/, "
                 "TensorFlow-style golden .npy dumps in golden/ and fusion_rule.json (uses --out, --seed)");
    app.add_option("--offline-blocks", offline.blocks, "with --offline-model: blocks of ops")
        ->check(CLI::PositiveNumber);
    app.add_option("--offline-spatial", offline.spatial, "with --offline-model: H = W of the conv tensors")
        ->check(CLI::PositiveNumber);
    app.add_option("--offline-channels", offline.channels, "with --offline-model: conv channels")
        ->check(CLI::PositiveNumber);
    app.add_option("--offline-rows", offline.rows, "with --offline-model: matmul rows")->check(CLI::PositiveNumber);
    app.add_option("--offline-columns", offline.columns, "with --offline-model: matmul columns")
        ->check(CLI::Range(std::int64_t{2}, std::int64_t{1} << 20));
    app.add_option("--plant-divergence", divergent_rank,
                   "scale the outputs of this rank's 6th compute forward by 3 on the npu side (compare -da origin)");
    app.add_option("--plant-inf", inf_rank,
                   "turn the outputs of this rank's 8th compute forward to inf on the npu side (nan_analyze origin)");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        return app.exit(error) == 0 ? msprobe::kExitOk : msprobe::kExitBadInput;
    }
    if (identical) options.differences = NpuDifferences::none();
    if (!plant.empty()) {
        if (overflow.planted_rank < 0 || overflow.planted_rank >= options.ranks) {
            std::fprintf(stderr, "msprobe-dumpgen: --overflow-rank must name one of the %d rank(s)\n", options.ranks);
            return msprobe::kExitBadInput;
        }
        overflow.planted_value = plant == "nan"   ? std::numeric_limits<float>::quiet_NaN()
                                 : plant == "inf" ? std::numeric_limits<float>::infinity()
                                                  : -std::numeric_limits<float>::infinity();
        const DumpPairOptions planted = overflow_dump_pair_options(overflow);
        options.differences = planted.differences;
    }

    try {
        if (offline_model) {
            offline.seed = options.seed;
            const OfflineModelTree tree = write_offline_model(options.out, offline);
            std::printf(
                "wrote a converted model's dumps (%d block(s)): %.1f MB of NPU dumps, %.1f MB of golden dumps\n",
                offline.blocks, static_cast<double>(tree.npu_bytes) / 1e6,
                static_cast<double>(tree.golden_bytes) / 1e6);
            print_site("npu", tree.npu.string());
            print_site("golden", tree.golden.string());
            print_site("fusion rule", tree.fusion_rule.string());
            return msprobe::kExitOk;
        }
        if (mindspore_kernel) {
            const KernelBinPair pair = write_kernel_bin_pair({options.out, 0, 0, options.seed, identical, damaged_bin});
            std::printf("wrote a MindSpore kernel dump pair (%zu tensors) as .bin and .npy files into %s\n",
                        pair.tensors, options.out.string().c_str());
            print_site(".bin compare.json", pair.bin_compare_json.string());
            print_site(".npy compare.json", pair.npy_compare_json.string());
            print_site("damaged file", pair.damaged_file.string());
            return msprobe::kExitOk;
        }
        if (legacy) {
            const LegacyPair pair = write_legacy_pair({options.out, options.ranks, legacy_stack, !identical});
            std::printf("wrote a ptdbg pair (%d rank(s)) and an online-dispatch run into %s\n", options.ranks,
                        options.out.string().c_str());
            print_site("ptdbg compare.json", pair.ptdbg_compare_json.string());
            print_site("dispatch compare.json", pair.dispatch_compare_json.string());
            if (!identical) print_site("first perturbed", pair.perturbed_ptdbg_row);
            return msprobe::kExitOk;
        }
        const GeneratedDumpPair pair = mindspore ? generate_mindspore_dump_pair(options) : generate_dump_pair(options);
        std::printf("wrote %zu npu / %zu bench entries per rank, %d rank(s), into %s\n", pair.npu_entries,
                    pair.bench_entries, options.ranks, options.out.string().c_str());
        print_site("requires_grad mismatch", pair.sites.requires_grad_mismatch);
        print_site("bench-only API", pair.sites.bench_only_api);
        print_site("first perturbed", pair.sites.first_perturbed);
        if (!pair.sites.bfloat16_outputs.empty())
            print_site("first bfloat16 output", pair.sites.bfloat16_outputs.front());
        print_site("npu-only API", pair.sites.npu_only_api);
        print_site("inf statistic", pair.sites.inf_statistic);
        if (!plant.empty()) {
            const auto expected = expected_overflows(pair.sites);
            for (std::size_t rank = 0; rank < expected.size(); ++rank) {
                if (expected[rank].origin.empty()) continue;
                std::printf("  rank %zu: origin %s, %zu propagated, %zu absorbed\n", rank,
                            expected[rank].origin.c_str(), expected[rank].propagated.size(),
                            expected[rank].absorbed.size());
            }
        }
        auto npu_dump = [&](int rank) {
            if (rank < 0 || rank >= static_cast<int>(pair.npu_rank_dirs.size())) {
                throw msprobe::Error("", "no such rank to plant into: " + std::to_string(rank));
            }
            return pair.npu_rank_dirs[static_cast<std::size_t>(rank)] / "dump.json";
        };
        if (divergent_rank >= 0) {
            const auto file = npu_dump(divergent_rank);
            const std::string entry = nth_compute_forward(file, 5);
            plant_divergence(file, entry, 3.0);
            print_site("planted divergence", "rank " + std::to_string(divergent_rank) + " " + entry);
        }
        if (inf_rank >= 0) {
            const auto file = npu_dump(inf_rank);
            const std::string entry = nth_compute_forward(file, 7);
            plant_inf(file, entry);
            print_site("planted inf", "rank " + std::to_string(inf_rank) + " " + entry);
        }
    } catch (const msprobe::Error& error) {
        std::fprintf(stderr, "msprobe-dumpgen: %s\n", error.what());
        return error.exit_code();
    } catch (const std::exception& error) {
        std::fprintf(stderr, "msprobe-dumpgen: %s\n", error.what());
        return msprobe::kExitBadInput;
    }
    return msprobe::kExitOk;
}
