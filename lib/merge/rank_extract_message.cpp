#include "merge/rank_extract_message.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "common/error.hpp"

namespace msprobe::merge {

namespace {

using report::Cell;
using nlohmann::json;

// A column's cell kinds, one byte each.
enum CellKind : std::uint8_t { kEmpty, kNumber, kTrue, kFalse, kText };

// A column of cells as three parts: the kind of each cell, the numbers' bits
// (the processes of one run share a byte order) and the texts. A few values
// per column instead of one per cell keep a large book's extract quick to
// pack and unpack; the merged book gets the same cells, bit for bit.
json column_message(const std::vector<Cell>& cells) {
    json::binary_t kinds;
    json::binary_t numbers;
    json texts = json::array();
    kinds.reserve(cells.size());
    for (const auto& cell : cells) {
        if (cell.is_number()) {
            kinds.push_back(kNumber);
            const double value = cell.number();
            const auto* bytes = reinterpret_cast<const std::uint8_t*>(&value);
            numbers.insert(numbers.end(), bytes, bytes + sizeof value);
        } else if (cell.is_bool()) {
            kinds.push_back(cell.boolean_value() ? kTrue : kFalse);
        } else if (cell.is_text()) {
            kinds.push_back(kText);
            texts.push_back(std::string(cell.text()));
        } else {
            kinds.push_back(kEmpty);
        }
    }
    return json::array({json::binary(std::move(kinds)), json::binary(std::move(numbers)), std::move(texts)});
}

std::vector<Cell> column_from_message(const json& message) {
    const auto& kinds = message.at(0).get_binary();
    const auto& numbers = message.at(1).get_binary();
    const auto& texts = message.at(2);
    std::vector<Cell> cells;
    cells.reserve(kinds.size());
    std::size_t number = 0;
    std::size_t text = 0;
    for (const std::uint8_t kind : kinds) {
        switch (kind) {
            case kNumber: {
                if ((number + 1) * sizeof(double) > numbers.size()) throw Error("", "a rank's extract is cut short");
                double value = 0;
                std::memcpy(&value, numbers.data() + number++ * sizeof value, sizeof value);
                cells.emplace_back(value);
                break;
            }
            case kTrue:
            case kFalse:
                cells.push_back(Cell::boolean(kind == kTrue));
                break;
            case kText:
                cells.emplace_back(texts.at(text++).get_ref<const std::string&>());
                break;
            default:
                cells.emplace_back();
        }
    }
    return cells;
}

}  // namespace

// An array, not an object: no member names repeated per rank.
json rank_extract_message(const RankExtract& extract) {
    json values = json::array();
    for (const auto& [index, cells] : extract.values) values.push_back(json::array({index, column_message(cells)}));
    return json::array({extract.rank, extract.empty, extract.mode ? static_cast<int>(*extract.mode) : -1,
                        extract.unmatched_apis, extract.names, std::move(values)});
}

RankExtract rank_extract_from_message(const json& message) {
    RankExtract extract;
    extract.rank = message.at(0).get<int>();
    extract.empty = message.at(1).get<bool>();
    if (const int mode = message.at(2).get<int>(); mode >= 0) {
        extract.mode = static_cast<compare::CompareMode>(mode);
    }
    extract.unmatched_apis = message.at(3).get<std::vector<std::string>>();
    extract.names = message.at(4).get<std::vector<std::string>>();
    for (const auto& entry : message.at(5)) {
        extract.values[entry.at(0).get<std::string>()] = column_from_message(entry.at(1));
    }
    return extract;
}

}  // namespace msprobe::merge
