#include "merge/rank_extract_message.hpp"

#include <string>
#include <utility>

namespace msprobe::merge {

namespace {

using report::Cell;
using nlohmann::json;

// null, string, number or boolean: MessagePack keeps a double's bits (float32 only
// when that is exact) and a text's bytes, so the merged book is the same cell for cell.
json cell_message(const Cell& cell) {
    if (cell.is_text()) return std::string(cell.text());
    if (cell.is_number()) return cell.number();
    if (cell.is_bool()) return cell.boolean_value();
    return nullptr;
}

Cell cell_from_message(const json& message) {
    if (message.is_string()) return Cell(message.get_ref<const std::string&>());
    if (message.is_number()) return Cell(message.get<double>());
    if (message.is_boolean()) return Cell::boolean(message.get<bool>());
    return Cell();
}

}  // namespace

// An array, not an object: no member names repeated per rank.
json rank_extract_message(const RankExtract& extract) {
    json values = json::array();
    for (const auto& [index, cells] : extract.values) {
        json column = json::array();
        for (const auto& cell : cells) column.push_back(cell_message(cell));
        values.push_back(json::array({index, std::move(column)}));
    }
    return json::array({extract.rank, extract.empty, static_cast<int>(extract.mode), extract.unmatched_apis,
                        extract.names, std::move(values)});
}

RankExtract rank_extract_from_message(const json& message) {
    RankExtract extract;
    extract.rank = message.at(0).get<int>();
    extract.empty = message.at(1).get<bool>();
    extract.mode = static_cast<DumpMode>(message.at(2).get<int>());
    extract.unmatched_apis = message.at(3).get<std::vector<std::string>>();
    extract.names = message.at(4).get<std::vector<std::string>>();
    for (const auto& entry : message.at(5)) {
        auto& cells = extract.values[entry.at(0).get<std::string>()];
        for (const auto& cell : entry.at(1)) cells.push_back(cell_from_message(cell));
    }
    return extract;
}

}  // namespace msprobe::merge
