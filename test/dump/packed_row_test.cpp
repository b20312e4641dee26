// A packed row unpacks to the row it was made of, every field kind included;
// its name and leading fields read in place, without unpacking; a shared digest stays shared.
#include "dump/packed_row.hpp"

#include <string>
#include <vector>
#include <catch2/catch.hpp>

#include "dump/row_bytes.hpp"
#include "support/varied_rows.hpp"

using msprobe::dump::DumpRow;
using msprobe::dump::OptionalText;
using msprobe::dump::PackedRow;
using msprobe::dump::RowState;
using msprobe::dump::StatValue;
using msprobe::testing::check_same_row;
using msprobe::testing::same_stat;
using msprobe::testing::varied_rows;

namespace {

std::string packed_bytes(const DumpRow& row) {
    std::string bytes;
    PackedRow::pack(row, bytes);
    return bytes;
}

}  // namespace

TEST_CASE("packed row: unpacks to the row it was made of", "[packed_row]") {
    std::uint32_t api_index = 7;
    for (DumpRow row : varied_rows()) {
        row.api_index = api_index++;
        const std::string bytes = packed_bytes(row);
        const PackedRow packed(bytes);
        const DumpRow back = packed.unpack();
        CHECK(packed.name() == row.name);
        check_same_row(back, row);
        CHECK(back.api_index == row.api_index);
        CHECK(packed.state() == row.state);
        CHECK(packed.dtype() == row.dtype);
        CHECK(packed.shape() == row.shape);
        for (std::size_t s = 0; s < 4; ++s) CHECK(same_stat(packed.stat(s), row.stats[s]));
    }
}

TEST_CASE("packed row: float32 statistics take 4 bytes each and read back exactly", "[packed_row]") {
    DumpRow row;
    row.name = "Torch.add.0.forward.output.0";
    row.stats = {StatValue::of_number(2.406540632247925), StatValue::of_number(-2.2629761695861816),
                 StatValue::of_number(-0.05253756046295166), StatValue::of_number(7.94503927230835)};
    std::string narrow;
    msprobe::dump::append_row_bytes(narrow, row);
    DumpRow wide_row = row;
    wide_row.stats[1] = StatValue::of_number(0.1);  // no float holds it
    std::string wide;
    msprobe::dump::append_row_bytes(wide, wide_row);
    CHECK(wide.size() == narrow.size() + 4);
    for (const DumpRow* r : {&row, &wide_row}) {
        const std::string bytes = packed_bytes(*r);
        const PackedRow packed(bytes);
        check_same_row(packed.unpack(), *r);
        for (std::size_t s = 0; s < 4; ++s) CHECK(same_stat(packed.stat(s), r->stats[s]));
    }
    CHECK(PackedRow(packed_bytes(wide_row)).stat(1).number == 0.1);
    CHECK(PackedRow(packed_bytes(row)).stat(3).number == 7.94503927230835);
}

TEST_CASE("packed row: a shared digest stays shared, an owned one is copied", "[packed_row]") {
    static const std::string kEmptyDigest = "00000000";
    DumpRow row;
    row.name = "Torch.add.0.forward.output.0";
    row.md5 = OptionalText::borrowed(kEmptyDigest);
    const DumpRow shared = PackedRow(packed_bytes(row)).unpack();
    CHECK(shared.md5.borrowed_text() == &kEmptyDigest);
    row.md5 = OptionalText(std::string("0a1b2c3d"));
    const DumpRow owned = PackedRow(packed_bytes(row)).unpack();
    CHECK(owned.md5.borrowed_text() == nullptr);
    CHECK(*owned.md5 == "0a1b2c3d");
}

TEST_CASE("packed row: a default row takes no bytes and reads as a default row", "[packed_row]") {
    const PackedRow empty;
    const DumpRow back = empty.unpack();
    CHECK(back.name.empty());
    CHECK(empty.name().empty());
    CHECK(back.state == RowState::Input);
    CHECK(std::string_view(empty.dtype()) == std::string_view(DumpRow{}.dtype));
    CHECK(empty.stat(3).kind == StatValue::Kind::Null);
    CHECK_FALSE(back.md5.has_value());
}

TEST_CASE("row bytes: reading past the end is refused", "[packed_row]") {
    std::string bytes;
    msprobe::dump::append_row_bytes(bytes, varied_rows().front());
    DumpRow row;
    msprobe::dump::RowBytesReader whole(bytes);
    whole.row(row);
    CHECK(whole.done());
    for (const std::size_t cut : {std::size_t{0}, std::size_t{5}, bytes.size() - 1}) {
        msprobe::dump::RowBytesReader reader(std::string_view(bytes).substr(0, cut));
        DumpRow partial;
        CHECK_THROWS_AS(reader.row(partial), std::logic_error);
    }
}
