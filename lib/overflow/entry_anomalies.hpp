#pragma once
// The per-entry anomaly test: which tensor records of one dump.json entry hold
// an inf/NaN statistic, on its input side and on its output side. Small and
// free of policy, so every detector (overflow_check, the cross-rank analysis)
// can share it.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "dump/entry_view.hpp"

namespace msprobe::overflow {

// Where a record sits in its entry.
using Section = dump::EntrySection;

inline bool is_input(Section section) { return dump::is_input_section(section); }

struct StatAnomaly {
    std::string statistic;  // "Max", "Min", "Mean"
    std::string value;      // "inf", "-inf", "nan"; the number itself for a saturated value
    bool from_tensor_file = false;  // found by reading the record's tensor file
};

struct RecordAnomaly {
    Section section = Section::InputArgs;
    std::string path;           // "input_args[0]", "input_kwargs.weight", "output[1][0]", "input_args[0].tensor"
    int top_index = -1;         // position in input_args / input / output (-1 for keyword sections)
    std::string top_key;        // keyword of input_kwargs / parameters
    bool top_level = false;     // the record is the section element itself, not nested in it
    std::string dtype;          // as recorded, "" when absent
    std::vector<std::int64_t> shape;
    std::string data_name;      // the record's tensor file, "" when none
    std::vector<StatAnomaly> statistics;
};

struct EntryAnomalies {
    std::vector<RecordAnomaly> inputs;
    std::vector<RecordAnomaly> outputs;

    bool input_bad() const { return !inputs.empty(); }
    bool output_bad() const { return !outputs.empty(); }
};

struct AnomalyTest {
    bool nested = true;        // also records inside lists and nested dicts (false: top-level dict records only)
    bool include_mean = true;  // Max and Min are always tested; Mean too unless false
    bool saturation = false;   // also flag |Max|/|Min| at the dtype's finite maximum
};

// One tensor (or scalar) record of an entry, with where it sits.
struct RecordSite {
    Section section;
    std::string path;
    int top_index;
    std::string top_key;
    bool top_level;
};

// Calls visit(site, record) for every JSON object record of the entry, in
// file order: input_args, input_kwargs, input (backward), parameters, output.
// An entry with none of those sections (a module's parameters_grad record)
// has its members visited as outputs. With `nested`, dicts and lists inside a
// record position are walked too (a P2POp's "tensor", a tuple output).
void visit_records(dump::JsonView entry, bool nested,
                   const std::function<void(const RecordSite&, dump::JsonView)>& visit);

// Extra statistics a caller finds for a record beyond its recorded ones
// (overflow_check reads the tensor files of a tensor dump through this).
using ExtraRecordCheck = std::function<std::vector<StatAnomaly>(dump::JsonView record)>;

// The anomalous records of one entry.
EntryAnomalies find_entry_anomalies(dump::JsonView entry, const AnomalyTest& test = {},
                                    const ExtraRecordCheck& extra = {});

// The record's anomalous statistics (empty when none).
std::vector<StatAnomaly> record_anomalies(dump::JsonView record, const AnomalyTest& test);

}  // namespace msprobe::overflow
