#pragma once
// What the data.pkl record of a torch.save'd tensor means:
// the allow-listed globals, the storage persistent ids and the rebuild
// functions, evaluated by the restricted pickle machine into a description of
// one tensor. Storage bytes are not touched here (see pt_reader).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tensor/stored_type.hpp"

namespace msprobe::tensor {

struct TorchTensorRecord {
    std::string storage_key;            // the storage is record "<archive>/data/<storage_key>"
    std::int64_t storage_bytes = 0;     // size of the storage the pickle declares
    StoredType type;                    // element type
    std::int64_t storage_offset = 0;    // in elements
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> strides;  // in elements
    bool requires_grad = false;
};

// Throws msprobe::Error (naming `file` and `record`) unless the pickle
// describes exactly one tensor built from allow-listed globals.
TorchTensorRecord unpickle_tensor(std::span<const std::byte> data_pkl, const std::string& file,
                                  const std::string& record);

// Any object torch.save wrote (a training checkpoint: dicts of state dicts,
// numbers, strings, an argparse.Namespace, RNG states, ...). Classes other
// than the tensor ones are never called: an instance of one is kept as
// Other, named by its class, with the state its pickle set (BUILD).
struct TorchObject {
    enum class Kind { None, Bool, Int, Float, String, List, Dict, Tensor, Other };
    Kind kind = Kind::None;
    std::int64_t number = 0;  // Bool, Int; Tensor: index into UnpickledObject::tensors
    double real = 0.0;
    std::string text;  // String; Other: its class ("argparse.Namespace")
    // List and tuple: the elements; Dict: key, value, key, value, ... in
    // insertion order; Other: its state, when the pickle set one.
    std::vector<TorchObject> items;

    // The value of a Dict's string key (or of an Other's state dict), nullptr when absent.
    const TorchObject* find(std::string_view key) const;
};

struct UnpickledObject {
    TorchObject root;
    std::vector<TorchTensorRecord> tensors;
};

// Throws msprobe::Error (naming `file` and `record`) for what is not a pickle
// of plain data, tensors and instances of named classes.
UnpickledObject unpickle_object(std::span<const std::byte> data_pkl, const std::string& file,
                                const std::string& record);

}  // namespace msprobe::tensor
