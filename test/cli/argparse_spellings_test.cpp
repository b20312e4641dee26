// The command lines users' scripts already type (Python argparse spellings)
// are read as argparse reads them: table-driven over normalize_arguments, then
// a few end to end through the binary.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "command_line.hpp"
#include "msprobe_process.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::cli::CommandSpelling;
using msprobe::cli::normalize_arguments;
using msprobe::cli::OptionSpelling;
using msprobe::cli::UsageError;
using Args = std::vector<std::string>;

namespace {

// A cut-down msprobe: the global parser and compare / run_ut as registered, in registration order.
CommandSpelling msprobe_spelling() {
    CommandSpelling spelling;
    spelling.global = {
        {{"-h", "--help"}, "--help", false, false},
        {{"-v", "--version"}, "--version", false, false},
        {{"-f", "--framework"}, "--framework", true, false},
    };
    spelling.subcommands["compare"] = {
        {{"-h", "--help"}, "--help", false, false},
        {{"-i", "--input_path"}, "--input_path", true, false},
        {{"-o", "--output_path"}, "--output_path", true, false},
        {{"-s", "--stack_mode"}, "--stack_mode", false, false},
        {{"-c", "--compare_only"}, "--compare_only", false, false},
        {{"-f", "--fuzzy_match"}, "--fuzzy_match", false, false},
        {{"-hl", "--highlight"}, "--highlight", false, false},
        {{"-am", "--api_mapping"}, "--api_mapping", true, false},
        {{"--format"}, "--format", true, false},
        {{"--fail-on"}, "--fail-on", true, false},
    };
    spelling.subcommands["run_ut"] = {
        {{"-api_info", "--api_info", "--api_info_file"}, "--api_info", true, false},
        {{"-d", "--device"}, "--device", true, true},
        {{"-save_error_data", "--save_error_data"}, "--save_error_data", false, false},
        {{"-csv_path", "--csv_path", "--result_csv_path"}, "--csv_path", true, false},
    };
    return spelling;
}

Args with_compare(Args tail) {
    Args args{"-f", "pytorch", "compare"};
    args.insert(args.end(), tail.begin(), tail.end());
    return args;
}

}  // namespace

TEST_CASE("argparse spellings become CLI11's", "[cli][argparse]") {
    struct Row {
        Args typed;
        Args expected;
    };
    const std::vector<Row> rows = {
        // exact spellings pass as their canonical name; values stay separate tokens
        {{"-i", "c.json", "-o", "out"}, {"--input_path", "c.json", "--output_path", "out"}},
        // "-o=DIR": '=' splits a known option string (argparse 3.8-3.11 _parse_optional)
        {{"-o=out", "-i=c.json"}, {"--output_path=out", "--input_path=c.json"}},
        // "-oDIR": a single-dash short option with its value attached
        {{"-oout"}, {"--output_path=out"}},
        // a value that itself holds '='
        {{"-o=a=b"}, {"--output_path=a=b"}},
        // unique prefixes of long options (allow_abbrev)
        {{"--input", "c.json", "--output=out", "--stack"},
         {"--input_path", "c.json", "--output_path=out", "--stack_mode"}},
        {{"--fail", "error"}, {"--fail-on", "error"}},
        {{"--fo=csv"}, {"--format=csv"}},
        // msprobe's single-dash multi-letter spellings, with and without a value
        {{"-hl", "-am", "-s"}, {"--highlight", "--api_mapping", "--stack_mode"}},
        {{"-am=map.yaml"}, {"--api_mapping=map.yaml"}},
        {{"-am", "map.yaml"}, {"--api_mapping", "map.yaml"}},
        // flags given together, as argparse splits them
        {{"-sc"}, {"--stack_mode", "--compare_only"}},
        // unknown tokens are left for CLI11 to name; nothing after "--" is read
        {{"--nope", "-x"}, {"--nope", "-x"}},
        {{"--", "-i"}, {"--", "-i"}},
    };
    const CommandSpelling spelling = msprobe_spelling();
    for (const auto& row : rows) {
        Args expected{"--framework", "pytorch", "compare"};
        expected.insert(expected.end(), row.expected.begin(), row.expected.end());
        INFO(Catch::StringMaker<Args>::convert(row.typed));
        CHECK(normalize_arguments(with_compare(row.typed), spelling) == expected);
    }
}

TEST_CASE("run_ut's spellings and several values", "[cli][argparse]") {
    const CommandSpelling spelling = msprobe_spelling();
    CHECK(normalize_arguments({"run_ut", "-api_info", "d.json", "-d", "0", "1", "-save_error_data"}, spelling) ==
          Args{"run_ut", "--api_info", "d.json", "--device", "0", "1", "--save_error_data"});
    CHECK(normalize_arguments({"run_ut", "-api_info=d.json", "-csv_path=r.csv"}, spelling) ==
          Args{"run_ut", "--api_info=d.json", "--csv_path=r.csv"});
    // spellings of one option are one match: "--api_info_f" is not ambiguous with "--api_info"
    CHECK(normalize_arguments({"run_ut", "--api_info_f", "d.json"}, spelling) ==
          Args{"run_ut", "--api_info", "d.json"});
    // argparse's prefix of a single-dash spelling
    CHECK(normalize_arguments({"run_ut", "-save"}, spelling) == Args{"run_ut", "--save_error_data"});
}

TEST_CASE("argparse's refusals, in its words", "[cli][argparse]") {
    struct Row {
        Args typed;
        std::string message;
    };
    const std::vector<Row> rows = {
        {{"--f", "x"}, "ambiguous option: --f could match --fuzzy_match, --format, --fail-on"},
        {{"--stack_mode=yes"}, "argument -s/--stack_mode: ignored explicit argument 'yes'"},
        {{"-hl=1"}, "argument -hl/--highlight: ignored explicit argument '1'"},
        {{"-o", ""}, "argument -o/--output_path: expected a non-empty value"},
        {{"-o="}, "argument -o/--output_path: expected a non-empty value"},
        {{"--format", ""}, "argument --format: expected a non-empty value"},
        {{"-i", "a.json", "--input_path", "b.json"}, "argument -i/--input_path: given more than once"},
    };
    const CommandSpelling spelling = msprobe_spelling();
    for (const auto& row : rows) {
        INFO(Catch::StringMaker<Args>::convert(row.typed));
        try {
            normalize_arguments(with_compare(row.typed), spelling);
            FAIL("accepted");
        } catch (const UsageError& e) {
            CHECK(e.what() == row.message);
            CHECK(e.command() == "compare");
        }
    }
}

TEST_CASE("the binary reads argparse spellings", "[cli][argparse]") {
    const fs::path dir = msprobe::testing::scratch_dir("cli_argparse_spellings");
    const std::string dump = R"({"task": "statistics", "level": "L1", "framework": "pytorch", "dump_data_dir": null,
 "data": {"Functional.relu.0.forward": {"input_args": [{"type": "torch.Tensor", "dtype": "torch.float32",
   "shape": [2], "Max": 1.0, "Min": 0.0, "Mean": 0.5, "Norm": 1.0, "requires_grad": false}], "input_kwargs": {},
   "output": [{"type": "torch.Tensor", "dtype": "torch.float32", "shape": [2], "Max": 1.0, "Min": 0.0,
   "Mean": 0.5, "Norm": 1.0, "requires_grad": false}]}}})";
    msprobe::testing::write_text(dir / "npu/dump.json", dump);
    msprobe::testing::write_text(dir / "bench/dump.json", dump);
    msprobe::testing::write_text(dir / "compare.json",
                                 R"({"npu_path": "npu/dump.json", "bench_path": "bench/dump.json"})");

    SECTION("-o=DIR writes into DIR, not into '=DIR'") {
        const auto r =
            msprobe::testing::run_msprobe({"-f", "pytorch", "compare", "-i=compare.json", "-o=out", "-c"}, dir);
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(fs::is_directory(dir / "out"));
        CHECK_FALSE(fs::exists(dir / "=out"));
    }
    SECTION("long prefixes") {
        const auto r = msprobe::testing::run_msprobe(
            {"--frame", "pytorch", "compare", "--input", "compare.json", "--output", "out2", "--compare"}, dir);
        INFO(r.err);
        CHECK(r.exit_code == 0);
        CHECK(fs::is_directory(dir / "out2"));
    }
    SECTION("an ambiguous prefix is refused in argparse's words") {
        const auto r = msprobe::testing::run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "--f"}, dir);
        CHECK(r.exit_code == 2);
        CHECK(r.err ==
              "msprobe compare: error: ambiguous option: --f could match --fuzzy_match, --format, --fail-on\n");
    }
    SECTION("unexpected arguments are named in the order typed") {
        const auto r =
            msprobe::testing::run_msprobe({"-f", "pytorch", "compare", "-i", "compare.json", "first", "second"}, dir);
        INFO(r.err);
        CHECK(r.exit_code == 2);
        const auto first = r.err.find("first");
        const auto second = r.err.find("second");
        REQUIRE(first != std::string::npos);
        REQUIRE(second != std::string::npos);
        CHECK(first < second);
    }
    fs::remove_all(dir);
}

TEST_CASE("an option read only as spelt in full takes no prefix from msprobe's options", "[cli][argparse]") {
    CommandSpelling spelling;
    spelling.subcommands["compare"] = {
        {{"-qfr", "--quant_fusion_rule_file"}, "--quant_fusion_rule_file", true, false},
        {{"--quiet"}, "--quiet", false, false, false},
    };
    CHECK(msprobe::cli::exact_spelling_only("--quiet"));
    CHECK_FALSE(msprobe::cli::exact_spelling_only("--quant_fusion_rule_file"));
    // argparse's prefixes still name msprobe's option alone: not ambiguous with --quiet
    CHECK(normalize_arguments({"compare", "--qu", "r.json"}, spelling) ==
          Args{"compare", "--quant_fusion_rule_file", "r.json"});
    CHECK(normalize_arguments({"compare", "--q=r.json"}, spelling) ==
          Args{"compare", "--quant_fusion_rule_file=r.json"});
    CHECK(normalize_arguments({"compare", "-q", "r.json"}, spelling) ==
          Args{"compare", "--quant_fusion_rule_file", "r.json"});
    // its full spelling is read
    CHECK(normalize_arguments({"compare", "--quiet"}, spelling) == Args{"compare", "--quiet"});
}
