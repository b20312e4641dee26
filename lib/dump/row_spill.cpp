#include "dump/row_spill.hpp"

#include "common/sized_text.hpp"
#include "common/spill_file.hpp"
#include "dump/row_bytes.hpp"

namespace msprobe::dump {

RowSpill::RowSpill() : file_("the rows of a large dump") {}

std::uint64_t RowSpill::append(std::string_view api_name, const std::vector<DumpRow>& rows) {
    buffer_.clear();
    append_sized_text(buffer_, api_name);
    append_size(buffer_, rows.size());
    for (const DumpRow& row : rows) {
        append_sized_text(buffer_, row.name);
        append_row_bytes(buffer_, row);
    }
    return file_.append(buffer_);
}

void RowSpill::flush() { file_.flush(); }

void RowSpill::read(std::uint64_t begin, std::uint64_t end, DumpFile& into) const {
    std::string bytes;
    file_.read(begin, end, bytes);
    RowBytesReader reader(bytes);
    while (!reader.done()) {
        const auto api_index = static_cast<std::uint32_t>(into.api_names.size());
        into.api_names.emplace_back(reader.text());
        const std::uint64_t count = reader.size();
        for (std::uint64_t i = 0; i < count; ++i) {
            DumpRow& row = into.rows.emplace_back();
            row.name = reader.text();
            reader.row(row);
            row.api_index = api_index;
        }
    }
}

}  // namespace msprobe::dump
