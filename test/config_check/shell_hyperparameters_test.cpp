// msprobe's ShellParser rules; each expected object is what msprobe's parser gives for the same script (run with
// CPython 3.11 on these texts).
#include "config_check/shell_hyperparameters.hpp"

#include <catch2/catch.hpp>

using msprobe::config_check::shell_hyperparameters;
using Json = nlohmann::ordered_json;

TEST_CASE("shell hyperparameters: flags, values, variables and the quirks of the rules",
          "[config_check][shell_hyperparameters]") {
    const std::string script =
        "python3 -m torch.distributed.launch --nproc 2 train.py --a --b 1 --c=3 ---d x \\\n"
        "  --e \\\n"
        "  --f ${VAR} --g $MISSING | grep x --h 1\n"
        "VAR=  value here\n"
        "MY_VAR=ignored\n";
    // --a takes "--b" as its value (b is lost); --c=3 is c without a value; the VAR lookup finds "MY_VAR=" last;
    // nothing after the "|" is read.
    const Json expected = Json::parse(R"({"nproc": "2", "a": "--b", "c": true, "-d": "x", "e": true, "f": "ignored",
                                          "g": "$MISSING"})");
    CHECK(shell_hyperparameters(script) == expected);
}

TEST_CASE("shell hyperparameters: _ARGS blocks, comments, and the command running to the end",
          "[config_check][shell_hyperparameters]") {
    const std::string script =
        "echo start\n"
        "msrun --worker_num=8 run.py $MODEL_ARGS --lr $LR\n"
        "MODEL_ARGS=\"--layers 2\n"
        " --heads 4\" # comment \"\n"
        "LR=\n"
        "LR=\t\n";
    // The block's definition follows the command, so the command holds it too: "--heads 4\"" is read again. "LR="
    // with nothing after it lets \s* run over the newline: the value is the next line.
    const Json expected = Json::parse(R"({"worker_num": true, "layers": "2", "heads": "4\"", "lr": "LR="})");
    CHECK(shell_hyperparameters(script) == expected);
}

TEST_CASE("shell hyperparameters: no launcher, no hyperparameters", "[config_check][shell_hyperparameters]") {
    CHECK(shell_hyperparameters("python train.py --x 1\n").empty());
    // "." of the launcher's pattern is any character, and a launcher may start inside a word.
    CHECK(shell_hyperparameters("python train.py --x 1\ncpython -m torch_distributed_launch --y 2\n") ==
          Json::parse(R"({"y": "2"})"));
    CHECK(shell_hyperparameters("# torchrun --a 1\n").empty());
    CHECK(shell_hyperparameters("").empty());
}

TEST_CASE("shell hyperparameters: Unicode spaces separate as Python's \\s does",
          "[config_check][shell_hyperparameters]") {
    CHECK(shell_hyperparameters("torchrun\t--k\xc2\xa0v --u\xe2\x80\x83w x\n--z 1\n") ==
          Json::parse(R"({"k": "v", "u": "w", "z": "1"})"));
}

TEST_CASE("shell hyperparameters: a block name longer than 20 characters is cut to its last 20",
          "[config_check][shell_hyperparameters]") {
    const std::string script =
        "X_VERY_LONG_NAME_OF_MODEL_ARGS=\"--deep 1\"\n"
        "ABC_ARGS=\"--n 5\"\n"
        "torchrun train.py $X_VERY_LONG_NAME_OF_MODEL_ARGS $ABC_ARGS --p $ABC\n"
        "ABC=1 # trailing\n"
        "ABC=2\n";
    CHECK(shell_hyperparameters(script) == Json::parse(R"({"n": "5", "p": "2"})"));
}
