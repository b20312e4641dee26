#pragma once
// Dump rows with every kind a field can take, and a field-by-field check of
// two rows: for the tests of forms rows are stored in and read back from.
#include <limits>
#include <memory>
#include <string>
#include <vector>
#include <catch2/catch.hpp>

#include "dump/dump_row.hpp"

namespace msprobe::testing {

inline bool same_stat(const dump::StatValue& a, const dump::StatValue& b) {
    return a.kind == b.kind && a.boolean == b.boolean && a.integer == b.integer && a.text() == b.text() &&
           (a.kind != dump::StatValue::Kind::Number || a.number == b.number ||
            (a.number != a.number && b.number != b.number));
}

inline void check_same_row(const dump::DumpRow& got, const dump::DumpRow& want) {
    INFO(want.name);
    CHECK(got.name == want.name);
    CHECK(got.dtype == want.dtype);
    CHECK(got.shape == want.shape);
    for (std::size_t i = 0; i < 4; ++i) CHECK(same_stat(got.stats[i], want.stats[i]));
    CHECK(got.md5 == want.md5);
    CHECK(got.requires_grad == want.requires_grad);
    CHECK(got.data_file == want.data_file);
    CHECK(got.state == want.state);
    REQUIRE(static_cast<bool>(got.p2p) == static_cast<bool>(want.p2p));
    if (want.p2p) {
        CHECK(same_stat(got.p2p->op, want.p2p->op));
        CHECK(same_stat(got.p2p->peer, want.p2p->peer));
    }
}

inline dump::DumpRow tensor_row(std::string name, double max) {
    dump::DumpRow row;
    row.name = std::move(name);
    row.dtype = "torch.float32";
    row.shape = "[8, 16]";
    row.stats = {dump::StatValue::of_number(max), dump::StatValue::of_number(-max), dump::StatValue::of_integer(3),
                 dump::StatValue::of_number(1e-310)};
    row.md5 = dump::OptionalText(std::string("0a1b2c3d"));
    row.requires_grad = true;
    row.data_file = dump::OptionalText(std::string(row.name + ".pt"));
    return row;
}

// Every kind a field can take, one row each.
inline std::vector<dump::DumpRow> varied_rows() {
    std::vector<dump::DumpRow> rows;
    rows.push_back(tensor_row("Functional.linear.0.forward.input.0", 2.5));
    dump::DumpRow none;
    none.name = "Functional.linear.0.forward.input.1";
    none.dtype = "None";
    none.shape = "None";
    none.state = dump::RowState::Parameters;
    rows.push_back(none);
    dump::DumpRow scalar;
    scalar.name = "Functional.linear.0.forward.kwargs.flag";
    scalar.dtype = "<class 'bool'>";
    scalar.shape = "[]";
    scalar.stats = {dump::StatValue::of_bool(true), dump::StatValue::of_bool(false),
                    dump::StatValue::of_text(std::string("x\0y", 3)),
                    dump::StatValue::of_number(std::numeric_limits<double>::quiet_NaN())};
    scalar.requires_grad = false;
    scalar.state = dump::RowState::Output;
    rows.push_back(scalar);
    dump::DumpRow p2p = tensor_row("Distributed.batch_isend_irecv.0.forward.input.0.0", -0.0);
    p2p.p2p = std::make_shared<const dump::P2POpFields>(
        dump::P2POpFields{dump::StatValue::of_text("isend"), dump::StatValue::of_integer(1)});
    p2p.state = dump::RowState::ParametersGrad;
    p2p.md5 = std::nullopt;
    rows.push_back(p2p);
    dump::DumpRow long_name = tensor_row(std::string(300, 'n'), 1e300);  // names past one length byte
    long_name.state = dump::RowState::Debug;
    rows.push_back(long_name);
    return rows;
}

}  // namespace msprobe::testing
