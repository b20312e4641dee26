// --format json: the document validates against schemas/compare_result.schema.json,
// holds the same cells as the workbook of the same run, and its levels and
// summary agree with msprobe's own failing criterion.
#include <catch2/catch.hpp>

#include <rapidjson/document.h>
#include <rapidjson/schema.h>
#include <rapidjson/stringbuffer.h>

#include <cmath>

#include "compare/dump_compare_run.hpp"
#include "report/cell_text.hpp"
#include "report/xlsx_reader.hpp"
#include "support/dump_generator.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"

namespace fs = std::filesystem;
using namespace msprobe;

namespace {

fs::path only_file(const fs::path& dir, const std::string& extension) {
    for (const auto& e : fs::directory_iterator(dir)) {
        if (e.path().extension() == extension) return e.path();
    }
    FAIL("no " << extension << " file in " << dir);
    return {};
}

fs::path run(const fs::path& compare_json, const std::string& name, compare::OutputFormat format) {
    const fs::path out = testing::scratch_dir("json_result_" + name);
    compare::CompareOptions options;
    options.input_path = compare_json;
    options.output_dir = out;
    options.compare_only = true;
    options.format = format;
    testing::run_dump_compare(options);
    return only_file(out, format == compare::OutputFormat::Json ? ".json" : ".xlsx");
}

rapidjson::Document parse(const std::string& text, const std::string& what) {
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseFullPrecisionFlag>(text.c_str());
    INFO(what);
    REQUIRE_FALSE(doc.HasParseError());
    return doc;
}

void require_valid(const rapidjson::Document& doc) {
    const auto schema_doc = parse(testing::read_file_text(fs::path(MSPROBE_SCHEMA_DIR) / "compare_result.schema.json"),
                                  "schema");
    rapidjson::SchemaDocument schema(schema_doc);
    rapidjson::SchemaValidator validator(schema);
    const bool valid = doc.Accept(validator);
    rapidjson::StringBuffer where;
    validator.GetInvalidSchemaPointer().StringifyUriFragment(where);
    INFO("violates " << where.GetString() << " (keyword " << validator.GetInvalidSchemaKeyword() << ")");
    REQUIRE(valid);
}

// The json value of a cell against the workbook's plain rendering of it.
bool same_cell(const rapidjson::Value& v, const report::Cell& cell) {
    if (v.IsNull()) return cell.is_empty();
    if (v.IsBool()) return cell.is_bool() && cell.boolean_value() == v.GetBool();
    // A workbook stores 16 significant digits; the json keeps every bit.
    if (v.IsNumber())
        return cell.is_number() && report::number_text(cell.number()) == report::number_text(v.GetDouble());
    const std::string text = v.GetString();
    // The workbook leaves NaN and empty texts blank, as msprobe's writer does.
    if (text == "nan" || text.empty()) return cell.is_empty();
    return cell.is_text() && cell.text() == text;
}

// Checks the json document of one pair against the workbook written for it.
void check_against_book(const fs::path& json_path, const fs::path& xlsx_path, const char* failing_column,
                        const char* failing_text) {
    const auto doc = parse(testing::read_file_text(json_path), json_path.string());
    require_valid(doc);
    const auto book = report::read_xlsx(xlsx_path.string());
    const auto& sheet = book.sheets.at(0).rows;
    const auto& columns = doc["columns"];
    REQUIRE(columns.Size() == sheet.at(0).size());
    for (rapidjson::SizeType c = 0; c < columns.Size(); ++c) CHECK(sheet[0][c].text() == columns[c].GetString());

    const auto& rows = doc["rows"];
    REQUIRE(rows.Size() + 1 == sheet.size());
    std::size_t pass = 0, warning = 0, error = 0, failing = 0;
    for (rapidjson::SizeType r = 0; r < rows.Size(); ++r) {
        const auto& values = rows[r]["values"];
        const auto& cells = sheet[r + 1];
        for (rapidjson::SizeType c = 0; c < columns.Size(); ++c) {
            const report::Cell cell = c < cells.size() ? cells[c] : report::Cell();
            INFO("row " << r << " column " << columns[c].GetString() << " book: "
                        << (cell.is_text() ? cell.text() : cell.is_number() ? std::to_string(cell.number()) : "?"));
            CHECK(same_cell(values[columns[c].GetString()], cell));
        }
        const std::string level = rows[r]["level"].GetString();
        (level == "pass" ? pass : level == "warning" ? warning : error) += 1;
        const auto& criterion = values[failing_column];
        if (criterion.IsString() && std::string(criterion.GetString()) == failing_text) {
            ++failing;
            CHECK(level == "error");  // msprobe's own failing rows are errors
        }
        if (level == "pass") CHECK(rows[r]["reasons"].Empty());
    }
    const auto& summary = doc["summary"];
    CHECK(summary["rows"].GetUint64() == rows.Size());
    CHECK(summary["pass"].GetUint64() == pass);
    CHECK(summary["warning"].GetUint64() == warning);
    CHECK(summary["error"].GetUint64() == error);
    CHECK(error >= failing);
    CHECK(summary["first_problem"].IsNull() == (error + warning == 0));
}

}  // namespace

TEST_CASE("json result of a generated statistics pair", "[json_result]") {
    const fs::path dir = testing::scratch_dir("json_result_pair");
    testing::DumpPairOptions options;
    options.out = dir;
    options.apis = 120;
    const auto generated = testing::generate_dump_pair(options);
    REQUIRE_FALSE(generated.sites.inf_statistic.empty());
    const fs::path json = run(dir / "compare.json", "generated_json", compare::OutputFormat::Json);
    const fs::path xlsx = run(dir / "compare.json", "generated_xlsx", compare::OutputFormat::Xlsx);
    check_against_book(json, xlsx, "Result", "Warning");

    const auto doc = parse(testing::read_file_text(json), "result");
    CHECK(std::string(doc["mode"].GetString()) == "summary");
    // The +inf statistic planted in an fc2 output is an error (red overflow rule) and comes with its reason.
    bool inf_row = false;
    for (const auto& row : doc["rows"].GetArray()) {
        const std::string name = row["values"]["NPU Name"].GetString();
        if (name != generated.sites.inf_statistic + ".output.0") continue;
        inf_row = true;
        CHECK(std::string(row["level"].GetString()) == "error");
        bool overflow_reason = false;
        for (const auto& reason : row["reasons"].GetArray()) {
            overflow_reason =
                overflow_reason || std::string(reason.GetString()) == "maximum or minimum is nan, -inf, or inf";
        }
        CHECK(overflow_reason);
    }
    CHECK(inf_row);
    const auto& first = doc["summary"]["first_problem"];
    REQUIRE(first.IsObject());
    // The generated stack names the model's own script as the caller.
    CHECK(std::string(first["stack_frame"].GetString()).find("File ") == 0);
}

TEST_CASE("json results of msprobe's fixture pairs match our books", "[json_result][fixtures]") {
    const auto fixtures = testing::shared_fixtures_or_skip();
    if (!fixtures) return;
    struct Case {
        const char* dir;
        const char* failing_column;
        const char* failing_text;
    };
    for (const Case& c : {Case{"mlp_statistics_L1_bf16", "Result", "Warning"},
                          Case{"mlp_md5_L1_perturbed", "Result", "Different"},
                          Case{"cnn_tensor_L1_perturbed", "Accuracy Reached or Not", "No"}}) {
        INFO(c.dir);
        const fs::path config = *fixtures / "dumps" / c.dir / "compare.json";
        const std::string name = c.dir;
        check_against_book(run(config, name + "_json", compare::OutputFormat::Json),
                           run(config, name + "_xlsx", compare::OutputFormat::Xlsx), c.failing_column, c.failing_text);
    }
}
