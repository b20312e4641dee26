#pragma once
// One flattened leaf of an API/module entry: a row of the compare result, named
// and typed exactly as msprobe names and types it.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace msprobe::dump {

// Which part of its entry a row came from; decides row order and highlighting.
enum class RowState : std::uint8_t { Input, Parameters, Output, ParametersGrad, Debug };

// A statistic cell value as the dump gave it (Max/Min/Mean/Norm).
struct StatValue {
    enum class Kind : std::uint8_t { Null, Number, Bool, Text };
    Kind kind = Kind::Null;
    double number = 0;
    bool boolean = false;
    std::string text;
    bool integer = false;  // a Number the dump wrote as an integer (msprobe's JSON outputs keep it one)

    static StatValue null() { return {}; }
    static StatValue of_number(double v) { return {Kind::Number, v, false, {}}; }
    static StatValue of_integer(std::int64_t v) { return {Kind::Number, static_cast<double>(v), false, {}, true}; }
    static StatValue of_bool(bool b) { return {Kind::Bool, 0, b, {}}; }
    static StatValue of_text(std::string t) { return {Kind::Text, 0, false, std::move(t)}; }
};

// The extra fields of a torch.distributed.P2POp leaf (batch_isend_irecv lists),
// which the first-difference analysis uses to link ranks.
struct P2POpFields {
    StatValue op;    // "isend" / "irecv"; the text None when absent
    StatValue peer;  // the peer rank; the text None when absent
};

struct DumpRow {
    std::string name;                    // e.g. Functional.linear.0.forward.input.0
    std::string dtype;                   // "torch.float32", "<class 'int'>", "None" for null values
    std::string shape;                   // "[8, 16]", "[]", "(3,)", "None"
    std::array<StatValue, 4> stats;      // Max, Min, Mean, Norm
    std::optional<std::string> md5;      // digest text; nullopt for None rows
    std::optional<bool> requires_grad;   // nullopt when the leaf has none
    std::string data_name = "-1";        // tensor file name, "-1" when there is none
    RowState state = RowState::Input;
    std::uint32_t api_index = 0;         // index of the owning entry in DumpFile::api_names
    std::shared_ptr<const P2POpFields> p2p;  // P2POp leaves only
};

}  // namespace msprobe::dump
