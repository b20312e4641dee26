// An item's exported fields (the leaf's own keys with msprobe's texts, then
// what compare's flattening adds) and the input_data / output_data object a
// node's row holds, with what each rule hides.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "dump/json_file.hpp"
#include "graph/port_item_json.hpp"

using msprobe::dump::DumpRow;
using msprobe::dump::JsonFile;
using msprobe::dump::StatValue;
using namespace msprobe::graph;

namespace {

using Fields = std::vector<std::pair<std::string, std::string>>;

Fields texts_of(const ItemFields& fields, bool round = true) {
    Fields out;
    fields.for_each(
        [&](std::string_view key, const FieldValue& value) { out.emplace_back(key, value.rendered(round)); });
    return out;
}

DumpRow scalar_row(const std::string& name) {
    DumpRow row;
    row.name = name;
    row.dtype = "<class 'float'>";
    row.shape = "[]";
    row.stats.fill(StatValue::of_number(0.1234567));
    row.md5 = "0a1b2c3d";
    return row;
}

PortItem item_of(const std::string& leaf_text, DumpRow row) {
    const JsonFile leaf = JsonFile::from_text(leaf_text, "leaf.json");
    PortItem item;
    item.set(row, exported_fields(leaf.root(), row));
    return item;
}

}  // namespace

TEST_CASE("exported fields: the leaf's keys in order, then what the flattening adds", "[graph][port_item_json]") {
    const JsonFile leaf = JsonFile::from_text(R"({"type": "float", "value": 0.1234567, "flag": true})", "leaf.json");
    const ItemFields fields = exported_fields(leaf.root(), scalar_row("Torch.add.0.forward.input.1"));
    CHECK(texts_of(fields) == Fields{{"type", "float"},
                                     {"value", "0.123457"},
                                     {"flag", "True"},
                                     {"data_name", "-1"},
                                     {"requires_grad", "null"},
                                     {"Max", "0.123457"},
                                     {"Min", "0.123457"},
                                     {"Mean", "0.123457"},
                                     {"Norm", "0.123457"},
                                     {"dtype", "<class float>"},
                                     {"shape", "[]"},
                                     {"md5", "0a1b2c3d"}});
    CHECK(texts_of(fields, false)[1] == std::pair<std::string, std::string>{"value", "0.1234567"});  // August's text
}

TEST_CASE("exported fields: a None item and a leaf that repeats a key", "[graph][port_item_json]") {
    DumpRow none;
    none.name = "Torch.add.0.forward.input.2";
    none.dtype = "None";
    none.shape = "None";
    CHECK(texts_of(exported_fields({}, none)) == Fields{{"data_name", "null"},
                                                        {"requires_grad", "null"},
                                                        {"Max", "null"},
                                                        {"Min", "null"},
                                                        {"Mean", "null"},
                                                        {"Norm", "null"},
                                                        {"dtype", "null"},  // None, spelled as JSON's
                                                        {"shape", "null"}});
    // Deeper than the names a dump reader checks: the first place, the last value, as Python's json reads it.
    const JsonFile file = JsonFile::from_text(R"({"a": {"b": {"c": {"Max": 1, "Min": 0, "Max": 2}}}})", "leaf.json");
    const auto leaf = file.root().member("a").member("b").member("c");
    const Fields repeated = texts_of(exported_fields(leaf, scalar_row("x.input.0")));
    CHECK(repeated[0] == std::pair<std::string, std::string>{"Max", "2"});
    CHECK(repeated[1] == std::pair<std::string, std::string>{"Min", "0"});
    CHECK(repeated[2].first == "data_name");
}

TEST_CASE("port items JSON: digests, hidden keys and compared fields", "[graph][port_item_json]") {
    PortItem item = item_of(R"({"type": "float", "value": 0.5, "state": "input", "full_op_name": "x"})",
                            scalar_row("Torch.add.0.forward.input.0"));
    ItemFields compared;
    compared.add("Max diff", "0.0");
    item.append_fields(compared);
    const std::vector<PortItem> items = {std::move(item)};
    CHECK(port_items_json(items, {}) ==
          R"({"Torch.add.0.forward.input.0": {"type": "float", "value": "0.5", "data_name": "-1", )"
          R"("requires_grad": "null", "Max": "0.123457", "Min": "0.123457", "Mean": "0.123457", )"
          R"("Norm": "0.123457", "dtype": "<class float>", "shape": "[]", "Max diff": "0.0"}})");
    ItemExportRules md5_full;
    md5_full.keep_md5 = true;
    md5_full.full_floats = true;
    const std::string kept = port_items_json(items, md5_full);
    CHECK(kept.find(R"("md5": "0a1b2c3d")") != std::string::npos);
    CHECK(kept.find(R"("Max": "0.1234567")") != std::string::npos);
}

TEST_CASE("port items JSON: a process group, a P2P list node and an item without statistics",
          "[graph][port_item_json]") {
    DumpRow group_row = scalar_row("Distributed.broadcast.0.forward.input.group");
    group_row.md5 = std::nullopt;
    PortItem group =
        item_of(R"({"type": "torch.ProcessGroup", "group_ranks": [0, 1], "group_id": "g1"})", std::move(group_row));
    ItemFields compared;
    compared.add("Max diff", "0");
    group.append_fields(compared);
    CHECK(port_items_json({group}, {}) == R"({"Distributed.broadcast.0.forward.input.group": {"type": )"
                                          R"("torch.ProcessGroup", "group_ranks": "[0, 1]", "group_id": "g1", )"
                                          R"("data_name": "-1"}})");

    PortItem op = item_of(R"({"type": "torch.distributed.P2POp", "op": "isend", "peer": 1, "tag": 0})",
                          scalar_row("Distributed.batch_isend_irecv.0.forward.input.0"));
    ItemExportRules batch;
    batch.batch_p2p_node = true;
    const std::string hidden = port_items_json({op}, batch);
    CHECK(hidden.find("\"op\"") == std::string::npos);
    CHECK(hidden.find("\"peer\"") == std::string::npos);
    CHECK(hidden.find("\"tag\"") == std::string::npos);
    CHECK(hidden.find(R"("type": "torch.distributed.P2POp")") != std::string::npos);
    CHECK(port_items_json({op}, {}).find(R"("op": "isend", "peer": "1", "tag": "0")") != std::string::npos);

    DumpRow empty_row = scalar_row("Torch.empty.0.forward.output.0");
    empty_row.stats.fill(StatValue::null());
    CHECK(port_items_json({item_of(R"({"type": "torch.Tensor"})", std::move(empty_row))}, {}) ==
          R"({"Torch.empty.0.forward.output.0": {"value": "null"}})");
}
