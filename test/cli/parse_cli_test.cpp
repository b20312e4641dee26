// `msprobe parse` end to end: msprobe's interactive session on its own
// fixture tensors, the scripted modes, JSON parsed back, and bad input.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <regex>
#include <sstream>

#include "msprobe_process.hpp"
#include "support/bin_dump_writer.hpp"
#include "support/shared_fixtures.hpp"
#include "support/small_tensors.hpp"

namespace fs = std::filesystem;
using msprobe::testing::ProcessResult;
using msprobe::testing::read_file_text;
using msprobe::testing::run_msprobe;
using msprobe::testing::scratch_dir;
using msprobe::testing::write_text;

namespace {

ProcessResult run_with_stdin(const std::vector<std::string>& args, const fs::path& cwd, const std::string& input) {
    return run_msprobe(args, cwd, &input);
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// Splits msprobe's session output (rich panels) at each prompt.
std::vector<std::string> sessions(const std::string& text) {
    std::vector<std::string> parts;
    std::size_t pos = text.find("Parse >>> ");
    while (pos != std::string::npos) {
        const std::size_t next = text.find("Parse >>> ", pos + 10);
        parts.push_back(text.substr(pos + 10, next == std::string::npos ? std::string::npos : next - pos - 10));
        pos = next;
    }
    return parts;
}

// Cells of the table rows "│ 0 │ a │ b │ c │ │ 0 │ ..." (rich) or "0  a  b  c" (ours).
std::vector<std::vector<std::string>> rich_rows(const std::string& part) {
    std::vector<std::vector<std::string>> rows;
    static const std::regex row(R"(^│ (\d+) +│ (\S+) +│ (\S+) +│ (\S+) +│ │ (\d+) +│ (\S+) +│ (\S+) +│ (\S+) +│$)");
    for (const auto& line : lines_of(part)) {
        std::smatch m;
        if (std::regex_match(line, m, row)) {
            rows.push_back({m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]});
        }
    }
    return rows;
}

// Our plain tables: rows of the "Error Item Table" then of the "Top Item Table".
std::pair<std::vector<std::vector<std::string>>, std::vector<std::vector<std::string>>> our_rows(
    const std::string& part) {
    std::vector<std::vector<std::string>> error, top, *current = nullptr;
    for (const auto& line : lines_of(part)) {
        if (line == "Error Item Table") current = &error;
        else if (line == "Top Item Table") current = &top;
        else if (line.rfind("Left:", 0) == 0) current = nullptr;
        else if (current != nullptr && !line.empty() && std::isdigit(static_cast<unsigned char>(line[0]))) {
            std::istringstream cells(line);
            std::vector<std::string> row;
            for (std::string c; cells >> c;) row.push_back(c);
            current->push_back(row);
        }
    }
    return {error, top};
}

// The text lines of msprobe's cn panel ("│ NumCnt:   1024   │" -> "NumCnt:   1024").
std::vector<std::string> rich_panel_lines(const std::string& part) {
    std::vector<std::string> out;
    static const std::regex boxed(R"(^│ (.*?) *│$)");
    for (const auto& line : lines_of(part)) {
        std::smatch m;
        if (std::regex_match(line, m, boxed) && line.find("┃") == std::string::npos &&
            line.find("│ │") == std::string::npos) {
            out.push_back(m[1]);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("parse --interactive reproduces msprobe's pt and cn session on the fixture tensors",
          "[cli][parse][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto expected_dir = *fixtures / "expected/cnn_tensor_L1_perturbed/parse";
    const std::string expected = read_file_text(expected_dir / "parse_stdout.txt");
    // The session ran in a folder holding the two .npy files; pt writes npu.npy.txt there.
    const auto dir = scratch_dir("parse_cli_session");
    fs::copy_file(expected_dir / "npu.npy", dir / "npu.npy");
    fs::copy_file(expected_dir / "bench.npy", dir / "bench.npy");
    const ProcessResult r = run_with_stdin({"-f", "pytorch", "parse", "--interactive"}, dir,
                                           "pt -n npu.npy\ncn -m npu.npy -g bench.npy -p 10\n"
                                           "cn -m npu.npy -g bench.npy -p 5 -al 0.01 -rl 0.01\n");
    REQUIRE(r.exit_code == 0);
    CHECK(read_file_text(dir / "npu.npy.txt") == read_file_text(expected_dir / "npu.npy.txt"));

    const auto want = sessions(expected);
    const auto got = sessions(r.out);
    REQUIRE(want.size() == 3);  // pt, cn, cn (msprobe's prompt loop at EOF was dropped)
    REQUIRE(got.size() == 4);   // and our prompt that met EOF

    // pt: every Index/Data row, the spec line, Path and TextFile.
    static const std::regex pt_row(R"(^│ │ (\d+) +│ (.*?) +│ +│$)");
    std::vector<std::string> want_rows;
    for (const auto& line : lines_of(want[0])) {
        std::smatch m;
        if (std::regex_match(line, m, pt_row)) want_rows.push_back(std::string(m[1]) + " " + std::string(m[2]));
    }
    REQUIRE(want_rows.size() == 16);
    std::vector<std::string> got_rows;
    for (const auto& line : lines_of(got[0])) {
        if (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0]))) {
            std::istringstream cells(line);
            std::string index, data, value;
            cells >> index;
            while (cells >> value) data += (data.empty() ? "" : " ") + value;
            got_rows.push_back(index + " " + data);
        }
    }
    CHECK(got_rows == want_rows);
    for (const char* line :
         {"[Shape: (4, 16, 4, 4)] [Dtype: float32] [Max: 2.9682662] [Min: -2.4173992] [Mean: -0.060608055]",
          "Path: npu.npy", "TextFile: npu.npy.txt"}) {
        CHECK(expected.find(line) != std::string::npos);
        CHECK(got[0].find(std::string(line) + "\n") != std::string::npos);
    }

    // cn, twice: both tables row by row, then the panel's lines.
    for (int i = 1; i <= 2; ++i) {
        const auto rich = rich_rows(want[static_cast<std::size_t>(i)]);
        const auto [error, top] = our_rows(got[static_cast<std::size_t>(i)]);
        REQUIRE(rich.size() == (i == 1 ? 10u : 5u));
        REQUIRE(error.size() == rich.size());
        REQUIRE(top.size() == rich.size());
        for (std::size_t k = 0; k < rich.size(); ++k) {
            CHECK(error[k] == std::vector<std::string>(rich[k].begin(), rich[k].begin() + 4));
            CHECK(top[k] == std::vector<std::string>(rich[k].begin() + 4, rich[k].end()));
        }
        const auto panel = rich_panel_lines(want[static_cast<std::size_t>(i)]);
        REQUIRE(panel.size() == 10);
        for (const auto& line : panel) {
            INFO(line);
            CHECK(got[static_cast<std::size_t>(i)].find(line + "\n") != std::string::npos);
        }
    }
    CHECK(r.out.find("[INFO] Interactive command mode") != std::string::npos);  // msprobe logs to stdout
}

TEST_CASE("parse --interactive: dc and cad convert kernel dumps, vc compares what cad wrote", "[cli][parse]") {
    const auto dir = scratch_dir("parse_cli_dc_cad");
    const std::string name = "Add.net_add.5.1.1700000000003000";
    for (const char* side : {"mine", "golden"}) {
        msprobe::testing::BinDumpSpec spec;
        spec.op_name = "net/add";
        spec.inputs.push_back(msprobe::testing::tensor_spec(
            1, {3}, msprobe::testing::bytes_of(std::vector<float>{1, 2, std::string(side) == "mine" ? 3.0F : 3.5F})));
        fs::create_directories(dir / side / "0");
        msprobe::testing::write_bytes(dir / side / "0" / name, msprobe::testing::encode_bin_dump(spec));
    }
    const ProcessResult r = run_with_stdin({"-f", "pytorch", "parse", "--interactive"}, dir,
                                           "dc -n mine/0/" + name + " -cmp_path msaccucmp.py\n"
                                           "dc -n mine/0 -f N;CHW\n"
                                           "cad -m mine\n"
                                           "cad -m golden -out batch_golden -asc msaccucmp.py\n"
                                           "dc -n missing\n");
    REQUIRE(r.exit_code == 0);
    const auto parts = sessions(r.out);
    REQUIRE(parts.size() == 6);
    // dc: msprobe's log lines, then the panel; the file in parse_data/dump_convert.
    CHECK(parts[0].find("[WARNING] -cmp_path is not needed") != std::string::npos);
    CHECK(parts[0].find("[INFO] Covert file is: mine/0/" + name + "\n") != std::string::npos);
    const auto converted = fs::canonical(dir) / "parse_data/dump_convert";
    CHECK(parts[0].find("[INFO] Transfer result is saved in : " + converted.string() + "\nSrcFile: mine/0/" + name +
                        "\n - " + name + ".input.0.npy\n") != std::string::npos);
    CHECK(fs::exists(dir / "parse_data/dump_convert" / (name + ".input.0.npy")));
    CHECK(parts[1] == "error: The parameter N;CHW contains special characters.\nCommand execution failed\n");
    // cad: <out>/<op_name>/<timestamp>/, the default out named by the local time.
    CHECK(parts[2].find("\nSrcFile: mine/0/" + name + "\n - " + name + ".input.0.npy\n") != std::string::npos);
    std::vector<fs::path> batches;
    for (const auto& entry : fs::directory_iterator(dir / "parse_data/batch_dump_convert")) {
        batches.push_back(entry.path());
    }
    REQUIRE(batches.size() == 1);
    CHECK(std::regex_match(batches[0].filename().string(), std::regex(R"(20\d{12})")));
    CHECK(fs::exists(dir / "batch_golden/net_add/1700000000003000" / (name + ".input.0.npy")));
    CHECK(parts[4] == "error: missing: The path does not exist.\nCommand execution failed\n");

    // vc reads both trees cad wrote.
    const ProcessResult vc = run_with_stdin({"-f", "pytorch", "parse", "--interactive"}, dir,
                                            "vc -m " + fs::relative(batches[0], dir).string() +
                                                " -g batch_golden -out cmp\n");
    REQUIRE(vc.exit_code == 0);
    std::vector<fs::path> csvs;
    for (const auto& entry : fs::directory_iterator(dir / "cmp")) csvs.push_back(entry.path());
    REQUIRE(csvs.size() == 1);
    CHECK(read_file_text(csvs[0]).find("\r\n" + name + ".input.0.npy," + name +
                                       ".input.0.npy,2.0,2.1666667,False,0.5,0.14285715\r\n") != std::string::npos);
}

TEST_CASE("parse A B: planted differences, located, in text and JSON", "[cli][parse]") {
    const auto dir = scratch_dir("parse_cli_diff");
    std::vector<float> left(24), right(24);
    for (std::size_t i = 0; i < 24; ++i) left[i] = right[i] = 0.5f + static_cast<float>(i);
    right[17] += 5.0f;  // (1, 1, 1) in shape (2, 3, 4): the largest absolute error
    right[2] = 0.001f;  // (0, 0, 2): bench almost zero, the largest relative error
    msprobe::testing::write_npy_f32(dir / "npu.npy", {2, 3, 4}, left);
    msprobe::testing::write_pt_f32(dir / "bench.pt", {2, 3, 4}, right);

    ProcessResult r = run_msprobe({"parse", "npu.npy", "bench.pt", "-p", "3"}, dir);
    CHECK(r.exit_code == 1);  // not all close
    CHECK(r.out.find("MaxAbsErr:                  5.0  at (1, 1, 1)  left=17.5 right=22.5\n") != std::string::npos);
    CHECK(std::regex_search(
        r.out, std::regex(R"(\n  MaxRelativeErr: +249\d\.\d+  at \(0, 0, 2\)  left=2\.5 right=0\.001\n)")));
    CHECK(r.out.find("ErrorPer: 0.08333333333333333  (rl= 0.001, al= 0.001)\n") != std::string::npos);

    r = run_msprobe({"parse", "npu.npy", "bench.pt", "--format", "json"}, dir);
    CHECK(r.exit_code == 1);
    const auto json = nlohmann::json::parse(r.out);
    CHECK(json["max_abs_location"]["index"] == std::vector<int>{1, 1, 1});
    CHECK(json["max_rel_location"]["index"] == std::vector<int>{0, 0, 2});
    CHECK(json["max_rel_location"]["flat_index"] == 2);
    CHECK(json["error_count"] == 2);
    CHECK(json["allclose"] == false);
    CHECK(json["left"]["dtype"] == "float32");
    CHECK(json["errors"][0]["index"] == 2);
    CHECK(json["metrics"]["max_abs_err"].get<double>() == 5.0);
    CHECK(json["relative_error_histogram"].size() == 10);
    CHECK(r.err.empty());

    // Identical tensors are all close: exit 0.
    r = run_msprobe({"parse", "npu.npy", "npu.npy"}, dir);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("AllClose: True\n") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "npu.npy.txt"));  // nothing written without --txt
}

TEST_CASE("parse FILE --txt writes the values beside the tensor, once", "[cli][parse]") {
    const auto dir = scratch_dir("parse_cli_txt");
    msprobe::testing::write_npy_f32(dir / "x.npy", {2, 2}, {1.5f, -2, 3, 0.25f});
    ProcessResult r = run_msprobe({"parse", "x.npy", "--txt", "--format", "json"}, dir);
    REQUIRE(r.exit_code == 0);
    const auto json = nlohmann::json::parse(r.out);
    CHECK(json["shape"] == std::vector<int>{2, 2});
    CHECK(json["max"].get<double>() == 3.0);
    CHECK(json["mean"].get<double>() == 0.6875);
    CHECK(read_file_text(dir / "x.npy.txt") == "1.5 -2\n3 0.25\n");
}

TEST_CASE("parse dump.json / .pkl --api from the command line", "[cli][parse][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto rank = *fixtures / "dumps/mlp_statistics_L1_bf16/npu/step0/rank";
    const auto dir = scratch_dir("parse_cli_dump");
    ProcessResult r = run_msprobe({"parse", (rank / "dump.json").string(), "--api", "Functional.linear.0.forward",
                                   "--stats-only"}, dir);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.rfind("Functional.linear.0.forward   (dump.json: task=statistics, level=L1, seq #", 0) == 0);
    CHECK(r.out.find("Trace back") == std::string::npos);
    CHECK(r.out.find("  output[0]       torch.Tensor  torch.bfloat16  ") != std::string::npos);

    r = run_msprobe(
        {"parse", (rank / "dump.json").string(), "--api", "Functional.linear.0.forward", "--format", "json"}, dir);
    REQUIRE(r.exit_code == 0);
    const auto json = nlohmann::json::parse(r.out);
    CHECK(json["entry"]["output"][0]["dtype"] == "torch.bfloat16");
    CHECK(json["stack"].size() > 1);

    r = run_msprobe({"parse", (rank / "dump.json").string(), "--api", "Functional.nothing.0.forward"}, dir);
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.rfind("msprobe parse: API Functional.nothing.0.forward not found in ", 0) == 0);

    write_text(dir / "demo.pkl",
               "[\"Torch_add_3_forward_input.1\", 1, [], \"<class 'float'>\", \"[]\", [2.0, 2.0, 2.0, 2.0]]\n"
               "[\"Torch_add_3_forward_stack_info\", [[\"/home/u/train.py\", \"42\", \"forward\", \"z = torch.add(x, "
               "2.0)\"]]]\n");
    r = run_msprobe({"parse", "demo.pkl", "--api", "Torch_add_3"}, dir);
    CHECK(r.exit_code == 0);
    CHECK(r.out ==
          "\nStatistic Info:\n  [Torch_add_3_forward_input.1][dtype: <class 'float'>][shape: []][max: 2.0][min: 2.0]"
          "[mean: 2.0]\n\nTrace back(Torch_add_3_forward_stack_info):\n"
          "  File \"/home/u/train.py\", line 42, in forward\n    z = torch.add(x, 2.0)\n");
}

TEST_CASE("parse dump.json --api --with-data summarises the tensor files the entry names", "[cli][parse][fixtures]") {
    const auto fixtures = msprobe::testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    const auto rank = *fixtures / "dumps/cnn_tensor_L1_perturbed/npu/step0/rank";
    const auto dir = scratch_dir("parse_cli_with_data");
    ProcessResult r = run_msprobe({"parse", (rank / "dump.json").string(), "--api", "Functional.relu.0.forward",
                                   "--with-data", "--stats-only", "--head", "4"}, dir);
    REQUIRE(r.exit_code == 0);
    // The recorded statistics and the file's own summary agree (max 4.195605278015137 as float32).
    CHECK(r.out.find(
              "Data Functional.relu.0.forward.output.0.pt:\n[Shape: (4, 8, 8, 8)] [Dtype: float32] [Max: 4.1956053] "
              "[Min: 0.0] [Mean: 0.39532802]\n[NaN: 0] [+Inf: 0] [-Inf: 0]\n") != std::string::npos);
    CHECK(r.out.find("Data Functional.relu.0.forward.input.0.pt:") <
          r.out.find("Data Functional.relu.0.forward.output.0.pt:"));

    r = run_msprobe({"parse", (rank / "dump.json").string(), "--api", "Functional.relu.0.forward", "--with-data",
                     "--format", "json"}, dir);
    REQUIRE(r.exit_code == 0);
    const auto json = nlohmann::json::parse(r.out);
    REQUIRE(json["data"].size() == 2);
    CHECK(json["data"][1]["shape"] == nlohmann::json::array({4, 8, 8, 8}));
}

TEST_CASE("parse: bad input exits 2 with one line and writes nothing", "[cli][parse]") {
    const auto dir = scratch_dir("parse_cli_bad");
    msprobe::testing::write_npy_f32(dir / "good.npy", {2}, {1, 2});
    write_text(dir / "broken.npy", "\x93NUMPY not really");
    write_text(dir / "bad.pkl", "[\"Torch_add_3_forward_input.1\", 1, [], \"x\", [1], [1, 1, 1]]\n[\"Torch_add_3_\n");
    write_text(dir / "notes.txt", "hello");
    const std::vector<std::vector<std::string>> cases = {
        {"parse", "missing.npy"},
        {"parse", "good.npy", "broken.npy", "--txt"},
        {"parse", "bad.pkl", "--api", "Torch"},
        {"parse", "notes.txt"},
        {"parse", "good.npy", "--api", "x"},
        {"parse", "good.npy", "good.npy", "--atol", "0"},
        {"parse", "a.npy", "b.npy", "c.npy"},
    };
    for (const auto& args : cases) {
        INFO((args.size() > 1 ? args[1] : std::string("(no file)")));
        const ProcessResult r = run_msprobe(args, dir);
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.err.rfind("msprobe parse: error: ", 0) == 0);
    }
    // No file and stdin not a terminal: nothing to do, said in one line.
    const ProcessResult no_file = run_with_stdin({"parse"}, dir, "");
    CHECK(no_file.exit_code == 2);
    CHECK(no_file.out.empty());
    CHECK(std::count(no_file.err.begin(), no_file.err.end(), '\n') == 1);

    CHECK_FALSE(fs::exists(dir / "good.npy.txt"));
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir)) ++files;
    CHECK(files == 4);
}

TEST_CASE("parse DIR_A DIR_B: vc's batch compare of .npy trees", "[cli][parse]") {
    const auto dir = scratch_dir("parse_cli_vc");
    for (const char* side : {"a", "b"}) {
        fs::create_directories(dir / side / "Relu_3" / "1700000000000001");
        msprobe::testing::write_npy_f32(dir / side / "Relu_3" / "1700000000000001" / "Relu.output.0.npy", {3},
                                        {0, 1.5f, std::string(side) == "a" ? 2.0f : 2.5f});
    }
    ProcessResult r = run_msprobe({"parse", "a", "b", "-o", "out"}, dir);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.rfind("Compare result is saved in : out/batch_compare_", 0) == 0);
    CHECK(r.out.find(".csv (1 rows)\n") != std::string::npos);
    std::vector<fs::path> csvs;
    for (const auto& e : fs::directory_iterator(dir / "out")) csvs.push_back(e.path());
    REQUIRE(csvs.size() == 1);
    CHECK(read_file_text(csvs[0]).find(
              "\r\nRelu.output.0.npy,Relu.output.0.npy,1.1666666,1.3333334,False,0.5,0.2\r\n") != std::string::npos);

    // A shape that differs: exit 2, one line, no CSV.
    fs::create_directories(dir / "c" / "Relu_3" / "1700000000000001");
    msprobe::testing::write_npy_f32(dir / "c" / "Relu_3" / "1700000000000001" / "Relu.output.0.npy", {2}, {0, 1});
    r = run_msprobe({"parse", "a", "c", "-o", "out2"}, dir);
    CHECK(r.exit_code == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.find("Shape or dtype between two npy files is inconsistent.") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "out2"));
}
