#pragma once
// One flattened leaf of a node's dump record (an input or output "port" of the
// node in the viewer), plus the comparison fields a compare attaches to it.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "compare/verdict_rules.hpp"
#include "dump/dump_row.hpp"
#include "dump/interned_text.hpp"
#include "dump/json_view.hpp"
#include "dump/optional_text.hpp"
#include "dump/packed_row.hpp"
#include "graph/item_fields.hpp"

namespace msprobe::graph {

class PortItem {
public:
    PortItem() = default;
    PortItem(const PortItem& other);
    PortItem& operator=(const PortItem& other);
    PortItem(PortItem&&) noexcept = default;
    PortItem& operator=(PortItem&&) noexcept = default;

    // The leaf as compare reads it; its name (Functional.linear.0.forward.input.0) is the map key.
    dump::PackedRow row() const { return dump::PackedRow(std::string_view(block_.get(), row_bytes_)); }
    // Its fields as msprobe exports them: its own, made as the dump is read (port_item_json's exported_fields),
    // then the comparison fields a compare attaches.
    ItemFieldsView fields() const { return ItemFieldsView(std::string_view(block_.get() + row_bytes_, field_bytes_)); }

    std::string_view key() const { return row().name(); }
    dump::DumpRow unpacked_row() const { return row().unpack(); }
    void set(const dump::DumpRow& row, const ItemFields& fields);
    void set_row(const dump::DumpRow& from);  // its fields kept
    void append_fields(const ItemFields& more);
    // Renames the item (a merge renames a node and its items): every `from` in its name becomes `to`.
    void replace_in_name(const std::string& from, const std::string& to);

private:
    // Both in one block of exactly their size: the packed row's bytes, then the fields'.
    void assign(std::string_view row, std::string_view first_fields, std::string_view more_fields = {});

    std::unique_ptr<char[]> block_;
    std::uint32_t row_bytes_ = 0;
    std::uint32_t field_bytes_ = 0;

public:
    // The leaf object as compact JSON (read it through port_item_leaf's LeafObject), kept only for the
    // communication APIs, whose parameters are read again; absent for other items and None items.
    dump::OptionalText leaf;
    dump::InternedText type;   // the leaf's "type" ("" when it has none), which matching compares
    bool empty_shape = false;  // the leaf's "shape" is an empty list (a 0-d tensor)
    bool compared = false;     // a comparison row of a matched pair names this item
    // The verdict of the row that names it, kept where the row's cells are made again when it is written.
    compare::RuleVerdict verdict;
};

// An ordered map of items: a later item with an existing key replaces it in place.
void put_item(std::vector<PortItem>& items, PortItem item);

// The items of one dump record, split into the input map (inputs, keyword
// inputs, parameters, parameter gradients) and the output map. With
// `strict_compat` an item goes to the output map when its name contains
// ".output." and not ".input.", as msprobe tests it (the parameters of a
// module instance named "output" then count as outputs). Throws
// msprobe::Error naming `file` on values of the wrong type. With
// `keep_every_leaf` every item keeps its leaf, else the items keeps_leaves names.
void record_port_items(const std::string& id, dump::JsonView record, const std::string& file, bool strict_compat,
                       std::vector<PortItem>& inputs, std::vector<PortItem>& outputs, bool keep_every_leaf = false);

// Whether the items of node `id` keep their leaf: communication APIs, whose
// group, src and dst the matching across ranks and the parallel merge read.
bool keeps_leaves(const std::string& id);

}  // namespace msprobe::graph
