#include "dump/row_spill.hpp"

#include <cstring>
#include <stdexcept>

#include "common/spill_file.hpp"

namespace msprobe::dump {

namespace {

void put_size(std::string& out, std::uint64_t value) {  // LEB128
    while (value >= 0x80) {
        out += static_cast<char>(value | 0x80);
        value >>= 7;
    }
    out += static_cast<char>(value);
}

void put_text(std::string& out, std::string_view text) {
    put_size(out, text.size());
    out.append(text);
}

template <typename T>
void put_raw(std::string& out, const T& value) {
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

void put_stat(std::string& out, const StatValue& stat) {
    out +=
        static_cast<char>(static_cast<unsigned>(stat.kind) | (stat.boolean ? 0x10U : 0U) | (stat.integer ? 0x20U : 0U));
    if (stat.kind == StatValue::Kind::Number) put_raw(out, stat.number);
    if (stat.kind == StatValue::Kind::Text) put_text(out, stat.text());
}

enum RowFlags : unsigned {
    kHasMd5 = 1U << 0,
    kHasRequiresGrad = 1U << 1,
    kRequiresGrad = 1U << 2,
    kHasDataFile = 1U << 3,
    kHasP2P = 1U << 4,
};

void put_row(std::string& out, const DumpRow& row) {
    unsigned flags = 0;
    if (row.md5) flags |= kHasMd5;
    if (row.requires_grad) flags |= kHasRequiresGrad | (*row.requires_grad ? kRequiresGrad : 0U);
    if (row.data_file) flags |= kHasDataFile;
    if (row.p2p) flags |= kHasP2P;
    out += static_cast<char>(flags);
    out += static_cast<char>(row.state);
    put_text(out, row.name);
    put_text(out, row.dtype.str());
    put_text(out, row.shape.str());
    for (const StatValue& stat : row.stats) put_stat(out, stat);
    if (row.md5) put_text(out, *row.md5);
    if (row.data_file) put_text(out, *row.data_file);
    if (row.p2p) {
        put_stat(out, row.p2p->op);
        put_stat(out, row.p2p->peer);
    }
}

// Reads back what put_* wrote; running past the end means the spill is not what was written.
class SpillReader {
public:
    explicit SpillReader(std::string_view bytes) : bytes_(bytes) {}

    bool done() const { return at_ == bytes_.size(); }

    std::uint64_t size() {
        std::uint64_t value = 0;
        for (unsigned shift = 0;; shift += 7) {
            const auto byte = static_cast<unsigned char>(take(1)[0]);
            value |= std::uint64_t{byte & 0x7FU} << shift;
            if (byte < 0x80) return value;
        }
    }
    std::string_view text() { return take(static_cast<std::size_t>(size())); }
    unsigned byte() { return static_cast<unsigned char>(take(1)[0]); }
    template <typename T>
    T raw() {
        T value;
        std::memcpy(&value, take(sizeof value).data(), sizeof value);
        return value;
    }

    StatValue stat() {
        const unsigned tag = byte();
        StatValue stat;
        stat.kind = static_cast<StatValue::Kind>(tag & 0x0FU);
        stat.boolean = (tag & 0x10U) != 0;
        stat.integer = (tag & 0x20U) != 0;
        if (stat.kind == StatValue::Kind::Number) stat.number = raw<double>();
        if (stat.kind == StatValue::Kind::Text) stat.text_value = OptionalText(std::string(text()));
        return stat;
    }

    void row(DumpRow& row) {
        const unsigned flags = byte();
        row.state = static_cast<RowState>(byte());
        row.name = text();
        row.dtype = InternedText(text());
        row.shape = InternedText(text());
        for (StatValue& stat : row.stats) stat = this->stat();
        if ((flags & kHasMd5) != 0) row.md5 = OptionalText(std::string(text()));
        if ((flags & kHasRequiresGrad) != 0) row.requires_grad = (flags & kRequiresGrad) != 0;
        if ((flags & kHasDataFile) != 0) row.data_file = OptionalText(std::string(text()));
        if ((flags & kHasP2P) != 0) {
            StatValue op = stat();
            StatValue peer = stat();
            row.p2p = std::make_shared<const P2POpFields>(P2POpFields{std::move(op), std::move(peer)});
        }
    }

private:
    std::string_view take(std::size_t count) {
        if (count > bytes_.size() - at_) throw std::logic_error("a row spill ends inside a row");
        const std::string_view part = bytes_.substr(at_, count);
        at_ += count;
        return part;
    }

    std::string_view bytes_;
    std::size_t at_ = 0;
};

}  // namespace

RowSpill::RowSpill() : file_("the rows of a large dump") {}

std::uint64_t RowSpill::append(std::string_view api_name, const std::vector<DumpRow>& rows) {
    buffer_.clear();
    put_text(buffer_, api_name);
    put_size(buffer_, rows.size());
    for (const DumpRow& row : rows) put_row(buffer_, row);
    return file_.append(buffer_);
}

void RowSpill::flush() { file_.flush(); }

void RowSpill::read(std::uint64_t begin, std::uint64_t end, DumpFile& into) const {
    std::string bytes;
    file_.read(begin, end, bytes);
    SpillReader reader(bytes);
    while (!reader.done()) {
        const auto api_index = static_cast<std::uint32_t>(into.api_names.size());
        into.api_names.emplace_back(reader.text());
        const std::uint64_t count = reader.size();
        for (std::uint64_t i = 0; i < count; ++i) {
            DumpRow& row = into.rows.emplace_back();
            reader.row(row);
            row.api_index = api_index;
        }
    }
}

}  // namespace msprobe::dump
