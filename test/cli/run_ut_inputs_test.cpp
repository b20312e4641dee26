// run_ut's inputs through the binary (spec run_ut §1.4, §1.5, §2.4): path
// hygiene and -config validation exit 2 with one line before anything is
// written; a legacy forward_info/backward_info pair runs backward.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <utility>

#include "msprobe_process.hpp"
#include "support/legacy_run_ut_writer.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using msprobe::testing::output_named;
using msprobe::testing::run_msprobe;
using msprobe::testing::write_text;

namespace {

std::size_t line_count(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// Nothing but the files the test itself put there.
bool wrote_no_result(const fs::path& dir) {
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        if (e.path().filename().string().rfind("accuracy_checking_", 0) == 0) return false;
    }
    return true;
}

msprobe::testing::ProcessResult run_ut_with(const fs::path& dir, const std::vector<std::string>& flags) {
    std::vector<std::string> args = {"-f", "pytorch", "run_ut"};
    args.insert(args.end(), flags.begin(), flags.end());
    return run_msprobe(args, dir);
}

}  // namespace

TEST_CASE("run_ut inputs: missing, soft-linked, misnamed and oversized files exit 2 with one line", "[cli]") {
    const auto dir = msprobe::testing::scratch_dir("cli_run_ut_input_paths");
    const auto files = msprobe::testing::write_legacy_run_ut_dump(dir / "dump");
    const std::string forward = files.forward.string();

    auto r = run_ut_with(dir, {"-api_info", (dir / "absent.json").string()});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("absent.json: -api_info: the file does not exist") != std::string::npos);
    CHECK(line_count(r.err) == 1);

    fs::create_symlink(files.forward, dir / "link.json");
    r = run_ut_with(dir, {"-api_info", (dir / "link.json").string()});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("link.json: -api_info: the path must not be a soft link") != std::string::npos);

    fs::copy_file(files.forward, dir / "dump.txt");
    r = run_ut_with(dir, {"-api_info", (dir / "dump.txt").string()});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("dump.txt: -api_info: the file must end in .json") != std::string::npos);

    r = run_ut_with(dir, {"-api_info", forward, "-config", (dir / "dump.txt").string()});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("-config: the file must end in .json") != std::string::npos);

    r = run_ut_with(dir, {"-api_info", forward, "-csv_path", forward});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("-csv_path: the file must end in .csv") != std::string::npos);

    r = run_ut_with(dir, {"-api_info", (dir / std::string(300, 'a')).string() + ".json"});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("-api_info: the file name is longer than 255 characters") != std::string::npos);

    // A sparse file one byte over msprobe's 1 GiB limit for csv files.
    const auto big = dir / "big.csv";
    { std::ofstream touch(big); }
    fs::resize_file(big, (std::uintmax_t{1} << 30) + 1);
    r = run_ut_with(dir, {"-api_info", forward, "-csv_path", big.string()});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("big.csv: -csv_path: the file is larger than msprobe's limit of 1 GiB for .csv files") !=
          std::string::npos);
    fs::remove(big);

    CHECK(wrote_no_result(dir));
}

TEST_CASE("run_ut inputs: a file writable by others only draws a warning", "[cli]") {
    const auto dir = msprobe::testing::scratch_dir("cli_run_ut_input_permissions");
    const auto files = msprobe::testing::write_legacy_run_ut_dump(dir / "dump");
    fs::permissions(files.forward, fs::perms::others_write, fs::perm_options::add);
    // -d 0 0 stops the run right after the checks, so the warning is all there is to see.
    const auto r = run_ut_with(dir, {"-api_info", files.forward.string(), "-d", "0", "0"});
    CHECK(r.exit_code == 2);
    CHECK(r.out.find("[WARNING] -api_info " + files.forward.string() + " is writable by others") != std::string::npos);
    CHECK(r.err.find("device id must be unique") != std::string::npos);
}

#ifdef MSPROBE_WITH_TORCH
TEST_CASE("run_ut -config: unknown api names and bad top-level values exit 2 naming the config", "[cli]") {
    const auto dir = msprobe::testing::scratch_dir("cli_run_ut_config");
    const auto files = msprobe::testing::write_legacy_run_ut_dump(dir / "dump");
    const std::string forward = files.forward.string();
    const auto config = dir / "config.json";

    const std::pair<const char*, std::string> refusals[] = {
        {R"({"task": "statistics", "level": "L1", "run_ut": {"white_list": ["conv2d", "foo", "matmul", "bar_"]}})",
         config.string() + ": Invalid api in white_list: ['foo', 'bar_']"},
        {R"({"run_ut": {"white_list": [], "black_list": ["softmax", "Functional.relu"]}})",
         config.string() + ": Invalid api in black_list: ['Functional.relu']"},
        {R"({"task": "dump", "run_ut": {}})", config.string() + ": task must be one of "},
        {R"({"level": "L3"})", config.string() + ": level must be one of L0, L1, L2, debug, mix"},
        {R"({"dump_path": 3})", config.string() + ": dump_path must be a string"},
        {R"({"async_dump": "no"})", config.string() + ": async_dump must be true or false"},
        {R"({"enable_dataloader": 1})", config.string() + ": enable_dataloader must be true or false"},
    };
    for (const auto& [text, message] : refusals) {
        INFO(text);
        write_text(config, text);
        const auto r = run_ut_with(dir, {"-api_info", forward, "-config", config.string(), "-o", "out"});
        CHECK(r.exit_code == 2);
        CHECK(r.err.find(message) != std::string::npos);
        CHECK(line_count(r.err) == 1);
    }
    // multi_run_ut refuses the config itself, before its workers or result files exist.
    write_text(config, R"({"run_ut": {"white_list": ["foo"]}})");
    const auto multi = run_msprobe({"-f", "pytorch", "multi_run_ut", "-api_info", forward, "-config", config.string(),
                                    "-n", "2", "-o", "out"},
                                   dir);
    CHECK(multi.exit_code == 2);
    CHECK(multi.err == "msprobe multi_run_ut: error: " + config.string() + ": Invalid api in white_list: ['foo']\n");
    CHECK_FALSE(fs::exists(dir / "out"));

    // Known names run: the white list keeps matmul only.
    write_text(config, R"({"task": "statistics", "level": "L1", "dump_path": "./dump", "enable_dataloader": false,
                          "async_dump": false, "run_ut": {"white_list": ["matmul"], "black_list": ["__add__"]}})");
    const auto r = run_ut_with(dir, {"-api_info", forward, "-config", config.string(), "-o", "out"});
    REQUIRE(r.exit_code == 0);
    const auto text = msprobe::testing::read_file_text(output_named(dir / "out", "accuracy_checking_result_"));
    CHECK(text.find("Torch.matmul.0,pass,") != std::string::npos);
    CHECK(text.find("Functional.relu.0,SKIP,SKIP,API relu in black list or not in white list. SKIP.") !=
          std::string::npos);
    CHECK(text.find("Tensor.__add__.0,SKIP,SKIP,API __add__ in black list or not in white list. SKIP.") !=
          std::string::npos);
}

TEST_CASE("run_ut -forward/-backward: the legacy pair runs backward with the recorded gradients", "[cli]") {
    const auto dir = msprobe::testing::scratch_dir("cli_run_ut_legacy_backward");
    const auto files = msprobe::testing::write_legacy_run_ut_dump(dir / "dump");
    auto r = run_ut_with(dir, {"-forward", files.forward.string(), "-backward", files.backward.string(), "-o", "out"});
    REQUIRE(r.exit_code == 0);
    const auto result = msprobe::testing::read_file_text(output_named(dir / "out", "accuracy_checking_result_"));
    CHECK(result.find("Functional.relu.0,pass,pass\r\n") != std::string::npos);
    CHECK(result.find("Torch.matmul.0,pass,pass\r\n") != std::string::npos);
    CHECK(result.find("Tensor.__add__.0,pass, \r\n") != std::string::npos);  // no gradients recorded for it
    const auto details = msprobe::testing::read_file_text(output_named(dir / "out", "accuracy_checking_details_"));
    CHECK(details.find("Torch.matmul.0.backward.output.0,torch.float64,torch.float32,\"(2, 3)\"") != std::string::npos);
    CHECK(details.find("Torch.matmul.0.backward.output.1,torch.float64,torch.float32,\"(3, 4)\"") != std::string::npos);
    CHECK(details.find("Functional.relu.0.backward.output.0,") != std::string::npos);

    // Without -backward the same forward file runs forward only.
    r = run_ut_with(dir, {"-api_info", files.forward.string(), "-o", "forward_only"});
    REQUIRE(r.exit_code == 0);
    const auto forward_only =
        msprobe::testing::read_file_text(output_named(dir / "forward_only", "accuracy_checking_result_"));
    CHECK(forward_only.find("Functional.relu.0,pass, \r\n") != std::string::npos);

    // -backward belongs to a legacy forward file; a dump.json carries its own backward entries.
    const auto modern = dir / "dump.json";
    write_text(modern, R"({"task": "statistics", "level": "L1", "dump_data_dir": null, "data": {}})");
    r = run_ut_with(dir, {"-api_info", modern.string(), "-backward", files.backward.string(), "-o", "out2"});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("-backward goes with a legacy forward_info_<pid>.json") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "out2"));
}
TEST_CASE("run_ut: an input shape too large to generate is a SKIP, not an allocation", "[cli]") {
    const auto dir = msprobe::testing::scratch_dir("cli_run_ut_huge_shape");
    const auto tensor = [](const char* shape) {
        return std::string(R"({"type": "torch.Tensor", "dtype": "torch.float32", "shape": )") + shape +
               R"(, "Max": 1.0, "Min": -1.0, "Mean": 0.0, "Norm": 1.0, "requires_grad": false})";
    };
    const auto entry = [&](const char* name, const char* a, const char* b, const char* out) {
        return std::string("\"") + name + R"(": {"input_args": [)" + tensor(a) + ", " + tensor(b) +
               R"(], "input_kwargs": {}, "output": [)" + tensor(out) + "]}";
    };
    // 843 bytes that used to ask for 10.7 GB: [30000, 30000] float32 and its float64 bench copy.
    write_text(dir / "dump.json", R"({"task": "statistics", "level": "L1", "dump_data_dir": null, "data": {)" +
                                      entry("Torch.matmul.0.forward", "[30000, 30000]", "[30000, 2]", "[30000, 2]") +
                                      ", " + entry("Torch.matmul.1.forward", "[2, 3]", "[3, 4]", "[2, 4]") + "}}");
    auto r = run_ut_with(dir, {"-api_info", (dir / "dump.json").string(), "-o", "out", "--max_tensor_elements",
                               "100000000"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    auto result = msprobe::testing::read_file_text(output_named(dir / "out", "accuracy_checking_result_"));
    CHECK(result.find("Torch.matmul.0,SKIP,SKIP,\"an input of shape [30000, 30000] has 900000000 elements, more than "
                      "the 100000000 a generated tensor may have (--max_tensor_elements raises it)\"") !=
          std::string::npos);
    CHECK(result.find("Torch.matmul.1,pass") != std::string::npos);  // the small call still runs

    // The default bound comes from the memory available: a [10^6, 10^6] input exceeds it on any machine.
    write_text(dir / "dump.json", R"({"task": "statistics", "level": "L1", "dump_data_dir": null, "data": {)" +
                                      entry("Torch.matmul.0.forward", "[1000000, 1000000]", "[1000000, 2]",
                                            "[1000000, 2]") +
                                      "}}");
    r = run_ut_with(dir, {"-api_info", (dir / "dump.json").string(), "-o", "default"});
    REQUIRE(r.exit_code == 0);
    result = msprobe::testing::read_file_text(output_named(dir / "default", "accuracy_checking_result_"));
    CHECK(result.find("Torch.matmul.0,SKIP,SKIP,\"an input of shape [1000000, 1000000] has 1000000000000 elements")
          != std::string::npos);
}
#endif
