#pragma once
// The values of a MindSpore dump's records, as msprobe's ComputeElement reads them in a tensor-task run:
// arguments for the bench (torch) call and the recorded outputs the tested side is judged by. A record is
// checked the way ComputeElement checks it before anything is read, so a malformed one gives msprobe's sentence.
#include "dump/json_view.hpp"
#include "ms_api_check/checked_value.hpp"
#include "ms_api_check/tensor_locations.hpp"
#include "run_ut/py_value.hpp"

namespace msprobe::ms_api_check {

class RecordedValues {
public:
    explicit RecordedValues(const TensorLocations& locations) : locations_(locations) {}

    // ComputeElement's checks of one record (a list, null or an object), reading no file. Throws CheckSkipped.
    void check(dump::JsonView record) const;

    // The bench argument (get_parameter for torch): a tensor read from its .npy and cast to the recorded dtype, a
    // list as a list (Python's tuple), a dtype as torch's, a slice, or the recorded value.
    run_ut::PyValue argument(dump::JsonView record) const;

    // The tested side's value of an output record: a tensor's .npy cast to the recorded dtype, widened to float64,
    // with the recorded shape; anything else by its type name.
    CheckedValue recorded(dump::JsonView record) const;

private:
    at::Tensor read_tensor(dump::JsonView record) const;

    const TensorLocations& locations_;
};

}  // namespace msprobe::ms_api_check
