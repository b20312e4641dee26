#pragma once
// One flattened leaf of an API/module entry: a row of the compare result, named
// and typed exactly as msprobe names and types it.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dump/interned_text.hpp"
#include "dump/optional_text.hpp"

namespace msprobe::dump {

// Which part of its entry a row came from; decides row order and highlighting.
enum class RowState : std::uint8_t { Input, Parameters, Output, ParametersGrad, Debug };

// A statistic cell value as the dump gave it (Max/Min/Mean/Norm). 24 bytes:
// a dump has four per row and millions of rows.
struct StatValue {
    enum class Kind : std::uint8_t { Null, Number, Bool, Text };
    double number = 0;
    OptionalText text_value;  // Text only
    Kind kind = Kind::Null;
    bool boolean = false;
    bool integer = false;  // a Number the dump wrote as an integer (msprobe's JSON outputs keep it one)

    const std::string& text() const { return text_value.value_or_empty(); }

    static StatValue null() { return {}; }
    static StatValue of_number(double v) {
        StatValue s;
        s.kind = Kind::Number;
        s.number = v;
        return s;
    }
    static StatValue of_integer(std::int64_t v) {
        StatValue s = of_number(static_cast<double>(v));
        s.integer = true;
        return s;
    }
    static StatValue of_bool(bool b) {
        StatValue s;
        s.kind = Kind::Bool;
        s.boolean = b;
        return s;
    }
    static StatValue of_text(std::string t) {
        StatValue s;
        s.kind = Kind::Text;
        s.text_value = OptionalText(std::move(t));
        return s;
    }
};

static_assert(sizeof(StatValue) == 24);

// The extra fields of a torch.distributed.P2POp leaf (batch_isend_irecv lists),
// which the first-difference analysis uses to link ranks.
struct P2POpFields {
    StatValue op;    // "isend" / "irecv"; the text None when absent
    StatValue peer;  // the peer rank; the text None when absent
};

struct DumpRow {
    std::string name;                    // e.g. Functional.linear.0.forward.input.0
    InternedText dtype;                  // "torch.float32", "<class 'int'>", "None" for null values
    InternedText shape;                  // "[8, 16]", "[]", "(3,)", "None"
    std::array<StatValue, 4> stats;      // Max, Min, Mean, Norm
    OptionalText md5;                    // digest text; absent for None rows
    std::optional<bool> requires_grad;   // nullopt when the leaf has none
    OptionalText data_file;              // tensor file name; absent for rows without a file
    RowState state = RowState::Input;
    std::uint32_t api_index = 0;         // index of the owning entry in DumpFile::api_names
    std::shared_ptr<const P2POpFields> p2p;  // P2POp leaves only

    // The tensor file name as msprobe's tables show it: "-1" when there is none.
    const std::string& data_name() const {
        static const std::string none = "-1";
        return data_file ? *data_file : none;
    }
};

}  // namespace msprobe::dump
