#pragma once
// August msprobe's statistics-mode cells: the diff and relative-error texts it
// computes from two statistic cells, and the Python text of a statistic they start from.
#include <string>

#include "dump/dump_row.hpp"

namespace msprobe::compare {

// str() of a statistic as the result table holds it: "0.5", "1" (an integer),
// "True", "None", "Nan", or the dump's text.
std::string statistic_text(const dump::StatValue& value);

struct StatisticDiff {
    std::string diff;      // "Max diff" ... "L2norm diff"
    std::string relative;  // "MaxRelativeErr" ... "NormRelativeErr"
};

// The two cells of one statistic (both texts). `bench` null: the row has no bench partner.
StatisticDiff statistic_diff(const dump::StatValue& npu, const dump::StatValue* bench);

}  // namespace msprobe::compare
