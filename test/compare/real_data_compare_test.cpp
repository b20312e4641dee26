// Real-data compare on the project's own generated dumps (no ../shared needed):
// identical tensors measure as equal, differences show where they were put,
// missing files give msprobe's message, and the thread count never changes a cell.
#include <catch2/catch.hpp>

#include <fstream>

#include "compare/dump_compare_run.hpp"
#include "report/xlsx_reader.hpp"
#include "tensor/tensor_file.hpp"
#include "support/dump_generator.hpp"
#include "support/shared_fixtures.hpp"
#include "support/workbook_match.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

namespace {

struct Book {
    std::vector<std::string> header;
    std::vector<std::vector<report::Cell>> rows;

    const report::Cell& cell(std::size_t row, const std::string& column) const {
        for (std::size_t c = 0; c < header.size(); ++c) {
            if (header[c] == column) return rows[row][c];
        }
        FAIL("no column " << column);
        return rows[row][0];
    }
    std::optional<std::size_t> row_of(const std::string& npu_name) const {
        for (std::size_t r = 0; r < rows.size(); ++r) {
            if (rows[r][0].is_text() && rows[r][0].text() == npu_name) return r;
        }
        return std::nullopt;
    }
};

fs::path compare_into(const fs::path& pair_dir, const std::string& name, unsigned jobs, bool locate = false) {
    const fs::path out = testing::scratch_dir("real_data_" + name);
    compare::CompareOptions options;
    options.input_path = pair_dir / "compare.json";
    options.output_dir = out;
    options.compare_only = true;
    options.locate = locate;
    testing::run_dump_compare(options, jobs);
    for (const auto& e : fs::directory_iterator(out)) {
        if (e.path().extension() == ".xlsx") return e.path();
    }
    FAIL("no result book in " << out);
    return {};
}

Book read_book(const fs::path& path) {
    auto contents = report::read_xlsx(path.string());
    Book book;
    auto& rows = contents.sheets.at(0).rows;
    for (const auto& h : rows.at(0)) book.header.emplace_back(h.text());
    book.rows.assign(rows.begin() + 1, rows.end());
    for (auto& row : book.rows) row.resize(book.header.size());
    return book;
}

// A generated tensor-task dump pair in a fresh scratch folder.
testing::GeneratedDumpPair tensor_pair(const fs::path& dir, int apis, std::int64_t elements, bool identical) {
    testing::DumpPairOptions options;
    options.out = dir;
    options.apis = apis;
    options.task = testing::DumpTask::Tensor;
    options.tensor_elements = elements;
    if (identical) options.differences = testing::NpuDifferences::none();
    return testing::generate_dump_pair(options);
}

}  // namespace

TEST_CASE("identical tensor dumps measure as equal", "[real_data]") {
    const fs::path dir = testing::scratch_dir("real_data_identical_pair");
    tensor_pair(dir, 30, 256, true);

    const Book book = read_book(compare_into(dir, "identical", 2));
    REQUIRE(book.rows.size() > 20);
    std::size_t tensors = 0;
    for (std::size_t r = 0; r < book.rows.size(); ++r) {
        const auto& data_name = book.cell(r, "Data_name").text();
        if (data_name.find(".pt'") == std::string::npos) continue;
        ++tensors;
        INFO(book.rows[r][0].text());
        CHECK(book.cell(r, "EucDist") == report::Cell(0.0));
        CHECK(book.cell(r, "MaxAbsErr") == report::Cell(0.0));
        CHECK(book.cell(r, "MaxRelativeErr") == report::Cell(0.0));
        CHECK(book.cell(r, "One Thousandth Err Ratio") == report::Cell(1.0));
        CHECK(book.cell(r, "Five Thousandths Err Ratio") == report::Cell(1.0));
        CHECK(book.cell(r, "Accuracy Reached or Not") == report::Cell("Yes"));
        const auto& cosine = book.cell(r, "Cosine");
        // All-zero tensors (e.g. some gradients) have cosine 1 too.
        if (cosine.is_number()) CHECK(cosine.number() == 1.0);
    }
    CHECK(tensors > 10);
}

TEST_CASE("perturbed weights show up from the first perturbed API on", "[real_data]") {
    const fs::path dir = testing::scratch_dir("real_data_perturbed_pair");
    const auto generated = tensor_pair(dir, 40, 256, false);
    REQUIRE_FALSE(generated.sites.first_perturbed.empty());

    const Book book = read_book(compare_into(dir, "perturbed", 2));
    // Some input (the perturbed weight) of the first perturbed API differs, and nothing before it.
    bool differs = false;
    bool reached = false;
    for (std::size_t r = 0; r < book.rows.size(); ++r) {
        const std::string name(book.rows[r][0].text());
        const auto& max_abs = book.cell(r, "MaxAbsErr");
        reached = reached || name.rfind(generated.sites.first_perturbed, 0) == 0;
        if (name.rfind(generated.sites.first_perturbed + ".input.", 0) == 0 && max_abs.is_number()) {
            differs = differs || (max_abs.number() > 0.0 && book.cell(r, "Cosine").number() < 1.0);
        }
        if (!reached && name.find(".forward.") != std::string::npos && max_abs.is_number()) {
            INFO(name);
            CHECK(max_abs.number() == 0.0);
        }
    }
    CHECK(differs);
    const auto unmatched = book.row_of(generated.sites.npu_only_api + ".input.0");
    REQUIRE(unmatched);
    CHECK(book.cell(*unmatched, "Bench Name") == report::Cell("N/A"));
    CHECK(book.cell(*unmatched, "Cosine") == report::Cell("unsupported"));
    // Its requires_grad (True against N/A) is inconsistent, which replaces "No bench data matched." in msprobe.
    CHECK(book.cell(*unmatched, "Err_message").text() == "Requires_grad inconsistent. Bench api/module unmatched.");
}

TEST_CASE("one thread or two, the same book", "[real_data]") {
    const fs::path dir = testing::scratch_dir("real_data_threads_pair");
    tensor_pair(dir, 40, 300000, false);  // several kernel chunks per tensor: the chunked path runs too
    const auto one = report::read_xlsx(compare_into(dir, "threads_1", 1).string());
    const auto two = report::read_xlsx(compare_into(dir, "threads_2", 2).string());
    const auto diffs = testing::workbook_differences(one, two);
    for (const auto& d : diffs) UNSCOPED_INFO(d);
    CHECK(diffs.empty());
}

TEST_CASE("a missing tensor file gives msprobe's message and the rest still compares", "[real_data]") {
    const fs::path dir = testing::scratch_dir("real_data_missing_pair");
    tensor_pair(dir, 20, 64, true);
    const fs::path data = dir / "bench/step0/rank/dump_tensor_data";
    fs::path victim;
    for (const auto& e : fs::directory_iterator(data)) {
        if (e.path().filename().string().find(".forward.output.0.pt") != std::string::npos) victim = e.path();
    }
    REQUIRE_FALSE(victim.empty());
    fs::remove(victim);

    const Book book = read_book(compare_into(dir, "missing", 2));
    const std::string name = victim.filename().string();
    const auto row = book.row_of(name.substr(0, name.size() - 3));
    REQUIRE(row);
    CHECK(book.cell(*row, "Cosine") == report::Cell("unsupported"));
    CHECK(book.cell(*row, "Err_message").text() ==
          "Dump file: ['" + name + "', '" + name + "'] not found or read failed.");
    CHECK(book.cell(*row, "Accuracy Reached or Not") == report::Cell("None"));
}

TEST_CASE("locate adds the index of the largest errors, which hold those errors", "[real_data][locate]") {
    const fs::path dir = testing::scratch_dir("real_data_locate_pair");
    tensor_pair(dir, 30, 256, false);
    const Book book = read_book(compare_into(dir, "locate", 2, true));
    REQUIRE(book.header.size() >= 2);
    CHECK(book.header[book.header.size() - 3] == "Data_name");
    CHECK(book.header[book.header.size() - 2] == "MaxAbsErr Index");
    CHECK(book.header.back() == "MaxRelativeErr Index");

    std::size_t located = 0;
    for (std::size_t r = 0; r < book.rows.size(); ++r) {
        const auto& max_abs = book.cell(r, "MaxAbsErr");
        const auto& index = book.cell(r, "MaxAbsErr Index");
        INFO(book.rows[r][0].text());
        if (!max_abs.is_number()) {
            CHECK(index == report::Cell("N/A"));
            continue;
        }
        // Read both tensors and check the element at the index has the reported error.
        const std::string names(book.cell(r, "Data_name").text());  // "['a.pt', 'b.pt']"
        const auto q1 = names.find('\''), q2 = names.find('\'', q1 + 1);
        const auto q3 = names.find('\'', q2 + 1), q4 = names.find('\'', q3 + 1);
        const auto npu =
            tensor::read_tensor_file(dir / "npu/step0/rank/dump_tensor_data" / names.substr(q1 + 1, q2 - q1 - 1));
        const auto bench =
            tensor::read_tensor_file(dir / "bench/step0/rank/dump_tensor_data" / names.substr(q3 + 1, q4 - q3 - 1));
        const auto n = tensor::to_double_vector(npu), b = tensor::to_double_vector(bench);
        // "(i, j)" → flat position
        std::vector<std::int64_t> idx;
        const std::string text(index.text());
        for (std::size_t p = 1; p < text.size();) {
            const auto end = text.find_first_of(",)", p);
            if (end > p) idx.push_back(std::stoll(text.substr(p, end - p)));
            p = end + (text[end] == ',' ? 2 : 1);
        }
        REQUIRE(idx.size() == npu.shape.size());
        std::int64_t flat = 0;
        for (std::size_t d = 0; d < idx.size(); ++d) flat = flat * npu.shape[d] + idx[d];
        const double at = std::fabs(n[static_cast<std::size_t>(flat)] - b[static_cast<std::size_t>(flat)]);
        CHECK(at == Approx(max_abs.number()).epsilon(1e-9).margin(1e-12));
        ++located;
    }
    CHECK(located > 10);
}
