// A data_name must be a bare file name inside dump_tensor_data: anything that
// could lead a reader out of the dump folder is refused with the reason.
#include <catch2/catch.hpp>

#include <string>

#include "common/error.hpp"
#include "dump/data_name.hpp"

using namespace msprobe::dump;

TEST_CASE("data_name_problem accepts bare file names only", "[dump][data_name]") {
    CHECK_FALSE(data_name_problem("Functional.relu.0.forward.input.0.pt"));
    CHECK_FALSE(data_name_problem("..hidden.npy"));  // dots inside a name are fine
    CHECK(data_name_problem("") == std::string("it is empty"));
    CHECK(data_name_problem(std::string("a\0b.pt", 6)) == std::string("it holds a NUL byte"));
    CHECK(data_name_problem(".") == std::string("it names a folder"));
    CHECK(data_name_problem("..") == std::string("it names a folder"));
    CHECK(data_name_problem("/etc/passwd") == std::string("it is an absolute path"));
    CHECK(data_name_problem("../x.pt") == std::string("it is a path, not a file name"));
    CHECK(data_name_problem("sub\\x.pt") == std::string("it is a path, not a file name"));
}

TEST_CASE("data_file_path joins a bare name and refuses a path naming the dump.json and entry",
          "[dump][data_name]") {
    CHECK(data_file_path("/d/dump_tensor_data", "a.pt", "/d/dump.json", "Torch.add.0.forward") ==
          std::filesystem::path("/d/dump_tensor_data/a.pt"));
    try {
        data_file_path("/d/dump_tensor_data", "../a.pt", "/d/dump.json", "Torch.add.0.forward");
        FAIL("no error");
    } catch (const msprobe::Error& e) {
        CHECK(e.file() == "/d/dump.json");
        CHECK(e.reason() == "E_SECURITY: entry Torch.add.0.forward: data_name '../a.pt' refused, a tensor file "
                            "must lie in dump_tensor_data: it is a path, not a file name");
        CHECK(e.exit_code() == msprobe::kExitBadInput);
    }
    CHECK(data_name_refusal("/x", "", "it is an absolute path") ==
          "E_SECURITY: data_name '/x' refused, a tensor file must lie in dump_tensor_data: it is an absolute path");
}
