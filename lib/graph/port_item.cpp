#include "graph/port_item.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "dump/flatten.hpp"
#include "graph/backward_names.hpp"
#include "graph/port_item_json.hpp"
#include "graph/port_item_leaf.hpp"

namespace msprobe::graph {

void put_item(std::vector<PortItem>& items, PortItem item) {
    // Keys of one record share their entry's name: they differ at the end, which is compared first.
    const std::string_view key = item.key();
    const auto same = std::find_if(items.begin(), items.end(), [&](const PortItem& p) {
        const std::string_view other = p.key();
        return other.size() == key.size() && (key.empty() || other.back() == key.back()) && other == key;
    });
    if (same != items.end()) {
        *same = std::move(item);
    } else {
        items.push_back(std::move(item));
    }
}

PortItem::PortItem(const PortItem& other)
    : leaf(other.leaf),
      type(other.type),
      empty_shape(other.empty_shape),
      compared(other.compared),
      verdict(other.verdict) {
    assign(std::string_view(other.block_.get(), other.row_bytes_), other.fields().packed());
}

PortItem& PortItem::operator=(const PortItem& other) {
    if (this != &other) *this = PortItem(other);
    return *this;
}

void PortItem::assign(std::string_view row, std::string_view first_fields, std::string_view more_fields) {
    const std::size_t fields = first_fields.size() + more_fields.size();
    constexpr std::size_t kMost = std::numeric_limits<std::uint32_t>::max();
    if (row.size() > kMost || fields > kMost) throw std::length_error("a port item of 4 GiB or more");
    std::unique_ptr<char[]> block;
    if (row.size() + fields > 0) {
        block = std::make_unique_for_overwrite<char[]>(row.size() + fields);
        char* at = block.get();
        for (const std::string_view part : {row, first_fields, more_fields}) {
            if (part.empty()) continue;  // a part may be a null view
            std::memcpy(at, part.data(), part.size());
            at += part.size();
        }
    }
    block_ = std::move(block);
    row_bytes_ = static_cast<std::uint32_t>(row.size());
    field_bytes_ = static_cast<std::uint32_t>(fields);
}

namespace {

// A row's bytes, in the thread's scratch text: an item copies them into its block.
std::string_view packed_row(const dump::DumpRow& row) {
    thread_local std::string bytes;
    dump::PackedRow::pack(row, bytes);
    return bytes;
}

}  // namespace

void PortItem::set_row(const dump::DumpRow& from) { assign(packed_row(from), fields().packed()); }

void PortItem::set(const dump::DumpRow& row, const ItemFields& fields) {
    assign(packed_row(row), fields.view().packed());
}

void PortItem::append_fields(const ItemFields& more) {
    if (more.empty()) return;
    assign(std::string_view(block_.get(), row_bytes_), fields().packed(), more.view().packed());
}

void PortItem::replace_in_name(const std::string& from, const std::string& to) {
    if (from.empty() || key().find(from) == std::string_view::npos) return;
    dump::DumpRow renamed = unpacked_row();
    renamed.name = replace_all(std::move(renamed.name), from, to);
    set_row(renamed);
}

bool keeps_leaves(const std::string& id) {
    return id.rfind("Distributed", 0) == 0 || id.find("all_reduce") != std::string::npos ||
           id.find("reduce_scatter") != std::string::npos;
}

void record_port_items(const std::string& id, dump::JsonView record, const std::string& file, bool strict_compat,
                       std::vector<PortItem>& inputs, std::vector<PortItem>& outputs, bool keep_every_leaf) {
    // Kept by the thread: a record's rows are made and moved out, thousands of times a second.
    thread_local std::vector<dump::DumpRow> rows;
    thread_local std::vector<dump::JsonView> leaves;
    rows.clear();
    leaves.clear();
    dump::flatten_entry(id, record, 0, file, rows, leaves);
    const bool keep_leaves = keep_every_leaf || keeps_leaves(id);
    const auto is_output = [&](const dump::DumpRow& row) {
        return strict_compat
                   ? row.name.find(".output.") != std::string::npos && row.name.find(".input.") == std::string::npos
                   : row.state == dump::RowState::Output;
    };
    // Room for the rows of each map: a PortItem is a few hundred bytes, each regrowth a move of them all.
    const auto output_rows = static_cast<std::size_t>(std::count_if(rows.begin(), rows.end(), is_output));
    outputs.reserve(outputs.size() + output_rows);
    inputs.reserve(inputs.size() + (&outputs == &inputs ? output_rows : 0) + rows.size() - output_rows);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        PortItem item;
        const dump::JsonView leaf = leaves[i];
        if (leaf.is_object()) {
            if (keep_leaves) item.leaf = compact_leaf_json(leaf);
            if (const auto type = leaf.member("type").string()) item.type = *type;
            const dump::JsonView shape = leaf.member("shape");
            item.empty_shape = shape.is_array() && shape.size() == 0;
        }
        const bool output = is_output(rows[i]);
        item.set(rows[i], exported_fields(leaf, rows[i]));
        put_item(output ? outputs : inputs, std::move(item));
    }
}

}  // namespace msprobe::graph
