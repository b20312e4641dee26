#include "ms_api_check/recorded_values.hpp"

#include <fmt/format.h>

#include <string>

#include "common/error.hpp"
#include "ms_api_check/check_skipped.hpp"
#include "ms_api_check/json_fields.hpp"
#include "ms_api_check/ms_dtypes.hpp"
#include "tensor/npy_reader.hpp"

namespace msprobe::ms_api_check {

namespace {

constexpr const char* kTensorType = "mindspore.Tensor";
constexpr const char* kDtypeType = "mindspore.dtype";

// type_mapping.api_info_type_str_to_type's keys, in its order.
const std::vector<std::string>& record_type_names() {
    static const std::vector<std::string> names = {kTensorType, "bool", "int", "float", "slice", "str", kDtypeType};
    return names;
}

std::string type_of(dump::JsonView record) {
    return std::string(required_field(record, "type", "type field in api_info.json", FieldType::Str,
                                      record_type_names()).text());
}

std::string dtype_of(dump::JsonView record) {
    return std::string(required_field(record, "dtype", "dtype field in api_info.json", FieldType::Str,
                                      recorded_dtype_names()).text());
}

// A JSON value as Python holds it after json.load.
run_ut::PyValue plain_value(dump::JsonView v) {
    if (v.is_array()) {
        std::vector<run_ut::PyValue> items;
        for (const auto item : v.items()) items.push_back(plain_value(item));
        return run_ut::PyValue::list(std::move(items));
    }
    if (const auto b = v.boolean()) return run_ut::PyValue::of_bool(*b);
    if (const auto i = v.integer()) return run_ut::PyValue::of_int(*i);
    if (const auto d = v.number()) return run_ut::PyValue::of_float(*d);
    if (const auto s = v.string()) return run_ut::PyValue::of_str(std::string(*s));
    return run_ut::PyValue::none();
}

at::Tensor tensor_of_view(const tensor::TensorView& view) {
    const auto type = run_ut::scalar_type_from_name(std::string(tensor::torch_name(view.dtype)));
    if (!type) throw CheckSkipped(std::string(kUnsupportedType));
    auto owner = view.owner;
    return at::from_blob(const_cast<std::byte*>(view.data), view.shape, view.strides, [owner](void*) {},
                         at::TensorOptions().dtype(*type))
        .clone(at::MemoryFormat::Contiguous);
}

std::vector<std::int64_t> recorded_shape(dump::JsonView record) {
    std::vector<std::int64_t> shape;
    for (const auto d : record.member("shape").items()) shape.push_back(d.integer().value_or(0));
    return shape;
}

}  // namespace

void RecordedValues::check(dump::JsonView record) const {
    if (record.is_array()) {
        for (const auto item : record.items()) check(item);
        return;
    }
    if (record.is_null()) return;
    if (!record.is_object()) throw CheckSkipped(std::string(kUnsupportedType));
    if (type_of(record) == kTensorType) {
        dtype_of(record);
        required_field(record, "shape", "shape field in api_info.json", FieldType::ListInTuple);
        required_field(record, "data_name", "data_name field in api_info.json", FieldType::StrInTuple);
        return;
    }
    required_field(record, "value", "value field in api_info.json");
}

at::Tensor RecordedValues::read_tensor(dump::JsonView record) const {
    const auto file = locations_.locate(std::string(record.member("data_name").text()));
    try {
        return tensor_of_view(tensor::read_npy(file));
    } catch (const Error& e) {
        throw CheckSkipped(e.what());
    }
}

run_ut::PyValue RecordedValues::argument(dump::JsonView record) const {
    check(record);
    if (record.is_array()) {
        std::vector<run_ut::PyValue> items;
        for (const auto item : record.items()) items.push_back(argument(item));
        return run_ut::PyValue::list(std::move(items));
    }
    if (record.is_null()) return run_ut::PyValue::none();
    const auto type = type_of(record);
    if (type == kTensorType) {
        // ComputeElement.transfer_to_torch_tensor: no torch dtype for UInt16/32/64 and Int4.
        const auto torch_type = torch_dtype_of(dtype_of(record));
        if (!torch_type) throw CheckSkipped(std::string(kUnsupportedType));
        return run_ut::PyValue::of_tensor(read_tensor(record).to(*torch_type));
    }
    const auto value = record.member("value");
    if (type == kDtypeType) {
        const auto torch_type = torch_dtype_of(std::string(value.text()));
        return torch_type ? run_ut::PyValue::of_dtype(*torch_type) : run_ut::PyValue::none();
    }
    if (type == "slice") {
        run_ut::PyValue s = plain_value(value);
        s.kind = run_ut::PyValue::Kind::Slice;
        while (s.items.size() < 3) s.items.push_back(run_ut::PyValue::none());
        return s;
    }
    return plain_value(value);
}

CheckedValue RecordedValues::recorded(dump::JsonView record) const {
    check(record);
    CheckedValue out;
    if (record.is_null()) return out;
    out.kind = CheckedValue::Kind::Other;
    if (record.is_array()) {
        out.dtype = "tuple";
        return out;
    }
    const auto type = type_of(record);
    if (type != kTensorType) {
        out.dtype = type;
        return out;
    }
    out.kind = CheckedValue::Kind::Tensor;
    out.dtype = dtype_of(record);
    out.shape = recorded_shape(record);
    at::Tensor t = read_tensor(record);
    // mindspore.Tensor(ndarray, dtype=recorded) first: e.g. a bfloat16 output stored as float32 is rounded.
    if (const auto torch_type = torch_dtype_of(out.dtype)) t = t.to(*torch_type);
    const auto d = t.to(at::kDouble).contiguous();
    out.values.assign(d.data_ptr<double>(), d.data_ptr<double>() + d.numel());
    return out;
}

}  // namespace msprobe::ms_api_check
