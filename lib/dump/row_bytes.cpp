#include "dump/row_bytes.hpp"

#include <cstring>
#include <stdexcept>
#include <type_traits>

#include "common/packed_number.hpp"
#include "common/sized_text.hpp"

namespace msprobe::dump {

static_assert(std::is_trivially_copyable_v<InternedText> && sizeof(InternedText) == sizeof(void*));

namespace {

enum RowFlags : unsigned {
    kHasMd5 = 1U << 0,
    kHasRequiresGrad = 1U << 1,
    kRequiresGrad = 1U << 2,
    kHasDataFile = 1U << 3,
    kHasP2P = 1U << 4,
    kMd5Borrowed = 1U << 5,  // the digest is a shared text: its address follows, not its bytes
};

// Where the fixed leading fields sit: flags, state, dtype, shape, then the statistics.
constexpr std::size_t kStateAt = 1;
constexpr std::size_t kDtypeAt = 2;
constexpr std::size_t kShapeAt = kDtypeAt + sizeof(InternedText);
constexpr std::size_t kStatsAt = kShapeAt + sizeof(InternedText);

template <typename T>
void append_raw(std::string& out, const T& value) {
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

// A statistic's tag: its kind in the low bits, then these.
constexpr unsigned kStatBoolean = 0x10U;
constexpr unsigned kStatInteger = 0x20U;
constexpr unsigned kStatAsFloat = 0x40U;  // the number in a float's 4 bytes (packed_number)

void append_stat(std::string& out, const StatValue& stat) {
    const bool number = stat.kind == StatValue::Kind::Number;
    const bool as_float = number && holds_as_float(stat.number);
    out.push_back(static_cast<char>(static_cast<unsigned>(stat.kind) | (stat.boolean ? kStatBoolean : 0U) |
                                    (stat.integer ? kStatInteger : 0U) | (as_float ? kStatAsFloat : 0U)));
    if (number) append_number(out, stat.number, as_float);
    if (stat.kind == StatValue::Kind::Text) append_sized_text(out, stat.text());
}

}  // namespace

void append_row_bytes(std::string& out, const DumpRow& row) {
    const std::string* shared_md5 = row.md5.borrowed_text();
    unsigned flags = 0;
    if (row.md5) flags |= kHasMd5 | (shared_md5 != nullptr ? kMd5Borrowed : 0U);
    if (row.requires_grad) flags |= kHasRequiresGrad | (*row.requires_grad ? kRequiresGrad : 0U);
    if (row.data_file) flags |= kHasDataFile;
    if (row.p2p) flags |= kHasP2P;
    out.push_back(static_cast<char>(flags));
    out.push_back(static_cast<char>(row.state));
    append_raw(out, row.dtype);
    append_raw(out, row.shape);
    for (const StatValue& stat : row.stats) append_stat(out, stat);
    if (shared_md5 != nullptr)
        append_raw(out, shared_md5);
    else if (row.md5)
        append_sized_text(out, *row.md5);
    if (row.data_file) append_sized_text(out, *row.data_file);
    if (row.p2p) {
        append_stat(out, row.p2p->op);
        append_stat(out, row.p2p->peer);
    }
}

std::uint64_t RowBytesReader::size() { return read_size(bytes_, at_); }

std::string_view RowBytesReader::text() { return read_sized_text(bytes_, at_); }

unsigned RowBytesReader::byte() {
    if (at_ >= bytes_.size()) throw std::logic_error("packed rows end inside a row");
    return static_cast<unsigned char>(bytes_[at_++]);
}

template <typename T>
T RowBytesReader::raw() {
    static_assert(std::is_trivially_copyable_v<T>);
    if (sizeof(T) > bytes_.size() - at_) throw std::logic_error("packed rows end inside a row");
    T value;
    std::memcpy(static_cast<void*>(&value), bytes_.data() + at_, sizeof value);
    at_ += sizeof value;
    return value;
}

StatValue RowBytesReader::stat() {
    const unsigned tag = byte();
    StatValue stat;
    stat.kind = static_cast<StatValue::Kind>(tag & 0x0FU);
    stat.boolean = (tag & kStatBoolean) != 0;
    stat.integer = (tag & kStatInteger) != 0;
    if (stat.kind == StatValue::Kind::Number) stat.number = read_number(bytes_, at_, (tag & kStatAsFloat) != 0);
    if (stat.kind == StatValue::Kind::Text) stat.text_value = OptionalText(std::string(text()));
    return stat;
}

void RowBytesReader::skip_stat() {
    const unsigned tag = byte();
    const auto kind = static_cast<StatValue::Kind>(tag & 0x0FU);
    if (kind == StatValue::Kind::Number) read_number(bytes_, at_, (tag & kStatAsFloat) != 0);
    if (kind == StatValue::Kind::Text) text();
}

void RowBytesReader::row(DumpRow& row) {
    const unsigned flags = byte();
    row.state = static_cast<RowState>(byte());
    row.dtype = raw<InternedText>();
    row.shape = raw<InternedText>();
    for (StatValue& stat : row.stats) stat = this->stat();
    if ((flags & kMd5Borrowed) != 0) {
        row.md5 = OptionalText::borrowed(*raw<const std::string*>());
    } else if ((flags & kHasMd5) != 0) {
        row.md5 = OptionalText(std::string(text()));
    }
    if ((flags & kHasRequiresGrad) != 0) row.requires_grad = (flags & kRequiresGrad) != 0;
    if ((flags & kHasDataFile) != 0) row.data_file = OptionalText(std::string(text()));
    if ((flags & kHasP2P) != 0) {
        StatValue op = stat();
        StatValue peer = stat();
        row.p2p = std::make_shared<const P2POpFields>(P2POpFields{std::move(op), std::move(peer)});
    }
}

RowState RowBytesReader::state_of(std::string_view row_bytes) {
    return static_cast<RowState>(static_cast<unsigned char>(row_bytes.at(kStateAt)));
}

InternedText RowBytesReader::dtype_of(std::string_view row_bytes) {
    return RowBytesReader(row_bytes, kDtypeAt).raw<InternedText>();
}

InternedText RowBytesReader::shape_of(std::string_view row_bytes) {
    return RowBytesReader(row_bytes, kShapeAt).raw<InternedText>();
}

StatValue RowBytesReader::stat_of(std::string_view row_bytes, std::size_t statistic) {
    RowBytesReader reader(row_bytes, kStatsAt);
    for (std::size_t s = 0; s < statistic; ++s) reader.skip_stat();
    return reader.stat();
}

}  // namespace msprobe::dump
