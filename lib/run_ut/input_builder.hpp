#pragma once
// Rebuilds an API call from its dump record: real
// tensors from dump_tensor_data when the dump holds them, otherwise random
// tensors within the recorded Min/Max drawn from libtorch's global generator
// in the reference's order (keyword arguments first, then positional ones).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "dump/json_view.hpp"

#include "run_ut/py_value.hpp"

namespace msprobe::run_ut {

// The most elements a tensor generated from a record's shape may have: `requested` when not 0, else as many
// float64 values as a sixteenth of the available memory holds (the API's bench copy, its gradients and
// outputs take as much again, several times), so a dump cannot make a run allocate what the machine lacks.
std::uint64_t generated_element_limit(std::uint64_t requested);

class InputBuilder {
public:
    // `max_elements`: the most elements a tensor generated from a record's shape may have (0: the default of
    // generated_element_limit).
    explicit InputBuilder(std::optional<std::filesystem::path> data_root, std::uint64_t max_elements = 0)
        : data_root_(std::move(data_root)), max_elements_(generated_element_limit(max_elements)) {}

    // input_kwargs then input_args of a forward entry. need_grad is false iff an `out` keyword exists.
    PyCall forward_call(dump::JsonView forward, const std::string& api_name, bool need_grad);

    // One argument record rebuilt with the positional rules: arrays stay arrays, null is None, objects are generated.
    PyValue positional(dump::JsonView record, const std::string& api_name, bool need_grad);

    // The tensor a record names in dump_tensor_data, or nullopt when the dump holds no data for it.
    std::optional<at::Tensor> real_tensor(dump::JsonView record) const;

    bool has_real_data() const { return data_root_.has_value(); }

private:
    PyValue keyword(const std::string& key, dump::JsonView record, const std::string& api_name,
                    const PyKwargs& so_far);
    at::Tensor tensor_from_record(dump::JsonView record, const std::string& api_name,
                                  std::optional<double> min_override = std::nullopt,
                                  std::optional<at::ScalarType> dtype_override = std::nullopt);

    std::optional<std::filesystem::path> data_root_;
    std::uint64_t max_elements_;
};

// A random tensor of `dtype`/`shape` holding low at flat index 0 and high at the last one.
at::Tensor random_tensor(at::ScalarType dtype, at::IntArrayRef shape, dump::JsonView min, dump::JsonView max);

// float32 values rounded to HF32 (sign, exponent and the top 11 mantissa bits).
at::Tensor round_to_hf32(const at::Tensor& t);

// `value` given to need_grad decisions: does this forward entry have an `out` keyword?
bool has_out_keyword(dump::JsonView forward);

}  // namespace msprobe::run_ut
