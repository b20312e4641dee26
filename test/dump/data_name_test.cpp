// A data_name names one file of dump_tensor_data; anything that would
// resolve outside that folder is refused before a path is built.
#include <catch2/catch.hpp>

#include "common/error.hpp"
#include "dump/data_name.hpp"

using msprobe::dump::data_file_path;
using msprobe::dump::data_name_problem;

TEST_CASE("bare file names pass, paths and special names are refused", "[data_name]") {
    CHECK_FALSE(data_name_problem("Functional.relu.0.forward.input.0.pt"));
    CHECK_FALSE(data_name_problem("..hidden.pt"));  // a file name that merely starts with dots
    CHECK(data_name_problem("/etc/passwd.pt") == "it is an absolute path");
    CHECK(data_name_problem("../../outside.pt") == "it is a path, not a file name");
    CHECK(data_name_problem("sub/x.pt") == "it is a path, not a file name");
    CHECK(data_name_problem("..\\x.pt") == "it is a path, not a file name");
    CHECK(data_name_problem("..") == "it names a folder");
    CHECK(data_name_problem(".") == "it names a folder");
    CHECK(data_name_problem("") == "it is empty");
    CHECK(data_name_problem(std::string_view("x.pt\0/../y", 10)) == "it holds a NUL byte");
}

TEST_CASE("data_file_path joins a bare name and throws for the rest, naming the dump and the entry", "[data_name]") {
    CHECK(data_file_path("/d/dump_tensor_data", "a.pt", "/d/dump.json", "E") == "/d/dump_tensor_data/a.pt");
    CHECK_THROWS_WITH(data_file_path("/d/dump_tensor_data", "/abs/a.pt", "/d/dump.json", "Functional.relu.0.forward"),
                      "/d/dump.json: E_SECURITY: entry Functional.relu.0.forward: data_name '/abs/a.pt' refused, a "
                      "tensor file must lie in dump_tensor_data: it is an absolute path");
    try {
        data_file_path("/d/dump_tensor_data", "../a.pt", "/d/dump.json", "");
        FAIL("no exception");
    } catch (const msprobe::Error& e) {
        CHECK(e.exit_code() == msprobe::kExitBadInput);
        CHECK(e.reason().find("entry") == std::string::npos);
    }
}
