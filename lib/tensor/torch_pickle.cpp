#include "tensor/torch_pickle.hpp"

#include <memory>
#include <optional>
#include <string_view>

#include "common/log.hpp"
#include "tensor/checked_math.hpp"
#include "tensor/pickle_machine.hpp"

namespace msprobe::tensor {

namespace {

using pickle::Kind;
using pickle::Machine;
using pickle::Value;

constexpr std::size_t kMaxDimensions = 64;

// Callables and classes data.pkl may name (Value::number of a Global).
enum Callable : std::int64_t {
    RebuildTensorV2 = 1,
    RebuildTensorV3,
    RebuildTensor,
    RebuildParameter,
    RebuildParameterWithState,
    RebuildNpuTensor,
    RebuildFromTypeV2,
    OrderedDict,
    TorchSize,
    NpuFormat,
    TensorClass,
    ParameterClass,
    OtherClass,  // any class a checkpoint names, never called
};

struct AllowedCallable {
    std::string_view module;
    std::string_view name;
    Callable id;
};

constexpr AllowedCallable kCallables[] = {
    {"torch._utils", "_rebuild_tensor_v2", RebuildTensorV2},
    {"torch._utils", "_rebuild_tensor_v3", RebuildTensorV3},
    {"torch._utils", "_rebuild_tensor", RebuildTensor},
    {"torch._utils", "_rebuild_parameter", RebuildParameter},
    {"torch._utils", "_rebuild_parameter_with_state", RebuildParameterWithState},
    {"torch_npu.utils.storage", "_rebuild_npu_tensor", RebuildNpuTensor},
    {"torch._tensor", "_rebuild_from_type_v2", RebuildFromTypeV2},
    {"collections", "OrderedDict", OrderedDict},
    {"torch", "Size", TorchSize},
    {"torch_npu.npu._format", "Format", NpuFormat},
    {"torch", "Tensor", TensorClass},
    {"torch._tensor", "Tensor", TensorClass},
    {"torch.nn.parameter", "Parameter", ParameterClass},
};

struct NamedType {
    std::string_view name;
    StoredType type;
};

constexpr NamedType kStorageClasses[] = {
    {"DoubleStorage", {DType::Float64}},      {"FloatStorage", {DType::Float32}},
    {"HalfStorage", {DType::Float16}},        {"BFloat16Storage", {DType::BFloat16}},
    {"LongStorage", {DType::Int64}},          {"IntStorage", {DType::Int32}},
    {"ShortStorage", {DType::Int16}},         {"CharStorage", {DType::Int8}},
    {"ByteStorage", {DType::UInt8}},          {"BoolStorage", {DType::Bool}},
    {"ComplexFloatStorage", {DType::Complex64}}, {"ComplexDoubleStorage", {DType::Complex128}},
};

// torch dtype objects pickle as GLOBAL "torch <name>" (canonical names and aliases).
constexpr NamedType kDTypes[] = {
    {"float32", {DType::Float32}},     {"float", {DType::Float32}},
    {"float64", {DType::Float64}},     {"double", {DType::Float64}},
    {"float16", {DType::Float16}},     {"half", {DType::Float16}},
    {"bfloat16", {DType::BFloat16}},   {"int8", {DType::Int8}},
    {"int16", {DType::Int16}},         {"short", {DType::Int16}},
    {"int32", {DType::Int32}},         {"int", {DType::Int32}},
    {"int64", {DType::Int64}},         {"long", {DType::Int64}},
    {"uint8", {DType::UInt8}},         {"bool", {DType::Bool}},
    {"complex64", {DType::Complex64}}, {"cfloat", {DType::Complex64}},
    {"complex128", {DType::Complex128}}, {"cdouble", {DType::Complex128}},
    {"uint16", {DType::Int32, Encoding::UInt16}},
    {"uint32", {DType::Int64, Encoding::UInt32}},
    {"float8_e4m3fn", {DType::Float32, Encoding::Float8E4M3FN}},
    {"float8_e5m2", {DType::Float32, Encoding::Float8E5M2}},
    {"float8_e4m3fnuz", {DType::Float32, Encoding::Float8E4M3FNUZ}},
    {"float8_e5m2fnuz", {DType::Float32, Encoding::Float8E5M2FNUZ}},
    {"float8_e8m0fnu", {DType::Float32, Encoding::Float8E8M0FNU}},
};

// Payloads of the Object values this file creates.
struct StorageClass {
    std::optional<StoredType> type;  // nullopt: UntypedStorage (sized in bytes)
};
struct DTypeToken {
    StoredType type;
};
struct StorageRef {
    std::string key;
    std::optional<StoredType> type;
    std::int64_t bytes = 0;
};
// An instance of a class other than the tensor ones; BUILD sets its state,
// seen by every reference to it (the payload is copied, the state shared).
struct OtherInstance {
    std::string type;
    std::shared_ptr<std::optional<Value>> state = std::make_shared<std::optional<Value>>();
};

std::optional<StoredType> find_type(std::span<const NamedType> table, std::string_view name) {
    for (const auto& entry : table) {
        if (entry.name == name) return entry.type;
    }
    return std::nullopt;
}

bool is_torch_module(std::string_view module) {
    return module == "torch" || module.starts_with("torch.") || module.starts_with("torch_");
}

class TorchHooks final : public pickle::Hooks {
public:
    // keep_other_objects: a checkpoint's other classes are kept as named
    // instances; a tensor file refuses them.
    TorchHooks(const std::string& file, bool keep_other_objects)
        : file_(file), keep_other_objects_(keep_other_objects) {}

    Value find_class(Machine& machine, std::string_view module, std::string_view name) override {
        const std::string qualified = std::string(module) + "." + std::string(name);
        for (const auto& callable : kCallables) {
            if (callable.module == module && callable.name == name) return machine.make_global(callable.id, qualified);
        }
        if (is_torch_module(module)) {
            if (name.ends_with("Storage")) return storage_class(machine, module, name, qualified);
            if (module == "torch") {
                if (const auto type = find_type(kDTypes, name)) return machine.make_object(DTypeToken{*type}, "dtype");
                if (!keep_other_objects_)
                    machine.fail(ReadFailure::Unsupported, "dtype torch." + std::string(name) + " is not supported");
            }
        }
        if (keep_other_objects_) return machine.make_global(OtherClass, qualified);
        machine.fail(
            ReadFailure::Security,
            "global " + qualified + " is not allowed in a tensor file, which never calls it: refused, nothing was run");
    }

    Value persistent_load(Machine& machine, const Value& pid) override {
        const auto fields = machine.items(pid);
        if (pid.kind != Kind::Tuple || fields.size() != 5 || machine.text(fields[0]) != "storage") {
            machine.fail(ReadFailure::Schema, "persistent id is " + machine.describe(pid) +
                                                  ", expected ('storage', class, key, location, size)");
        }
        const auto* storage_class = machine.object_as<StorageClass>(fields[1]);
        if (storage_class == nullptr)
            machine.fail(ReadFailure::Schema,
                         "persistent id names " + machine.describe(fields[1]) + ", not a storage class");
        if (fields[2].kind != Kind::String || fields[3].kind != Kind::String) {
            machine.fail(ReadFailure::Schema, "persistent id key and location must be strings");
        }
        StorageRef storage;
        storage.key = std::string(machine.text(fields[2]));
        if (storage.key.empty() || storage.key == "." || storage.key == ".." ||
            storage.key.find_first_of(std::string_view("/\\\0", 3)) != std::string::npos) {
            machine.fail(ReadFailure::Security, "storage key '" + storage.key + "' is not a plain record name");
        }
        storage.type = storage_class->type;
        const std::int64_t size = integer(machine, fields[4], "storage size");
        if (size < 0) machine.fail(ReadFailure::Corrupt, "storage size " + std::to_string(size) + " is negative");
        const auto bytes = checked_mul(size, static_cast<std::int64_t>(storage.type ? storage.type->stored_size() : 1));
        if (!bytes)
            machine.fail(ReadFailure::Corrupt, "storage of " + std::to_string(size) + " elements overflows 64 bits");
        storage.bytes = *bytes;
        return machine.make_object(std::move(storage), "storage");
    }

    Value reduce(Machine& machine, const Value& callable, const Value& args) override {
        if (keep_other_objects_ && (callable.kind != Kind::Global || callable.number == OtherClass)) {
            return other_instance(machine, callable);
        }
        if (callable.kind != Kind::Global)
            machine.fail(ReadFailure::Security, "REDUCE calls " + machine.describe(callable));
        const auto arguments = machine.items(args);
        const std::string_view name = machine.text(callable);
        const auto expect_arguments = [&](std::size_t least, std::size_t most) {
            if (arguments.size() < least || arguments.size() > most) {
                machine.fail(ReadFailure::Schema,
                             std::string(name) + " called with " + std::to_string(arguments.size()) + " arguments");
            }
        };
        switch (callable.number) {
            case RebuildTensorV2:
                expect_arguments(6, 7);
                if (arguments.size() == 7) ignore_metadata(machine, arguments[6]);
                return rebuild(machine, arguments, std::nullopt);
            case RebuildTensorV3: {
                expect_arguments(7, 8);
                const auto* dtype = machine.object_as<DTypeToken>(arguments[6]);
                if (dtype == nullptr)
                    machine.fail(ReadFailure::Schema,
                                 std::string(name) + " dtype argument is " + machine.describe(arguments[6]));
                if (arguments.size() == 8) ignore_metadata(machine, arguments[7]);
                return rebuild(machine, arguments, dtype->type);
            }
            case RebuildTensor: expect_arguments(4, 4); return rebuild(machine, arguments, std::nullopt);
            case RebuildNpuTensor:
                // The 7th argument is the NPU storage format; the saved bytes are
                // already in host (ND) order.
                expect_arguments(7, 7);
                integer(machine, arguments[6], "NPU format");
                return rebuild(machine, arguments, std::nullopt);
            case RebuildParameter:
            case RebuildParameterWithState: {
                expect_arguments(callable.number == RebuildParameter ? 3 : 4,
                                 callable.number == RebuildParameter ? 3 : 4);
                if (arguments.size() == 4 && !is_empty_state(machine, arguments[3])) {
                    log::warning(file_ + ": parameter state is not empty; ignored");
                }
                warn_about_hooks(machine, arguments[2]);
                return with_requires_grad(machine, arguments[0], boolean(machine, arguments[1], "requires_grad"));
            }
            case RebuildFromTypeV2: {
                expect_arguments(4, 4);
                const auto type = arguments[1];
                if (type.kind != Kind::Global || (type.number != TensorClass && type.number != ParameterClass)) {
                    machine.fail(ReadFailure::Unsupported, "unsupported tensor subclass " + machine.describe(type));
                }
                if (!is_empty_state(machine, arguments[3])) {
                    machine.fail(ReadFailure::Unsupported, "tensor subclass with a non-empty state");
                }
                if (arguments[2].kind != Kind::Tuple)
                    machine.fail(ReadFailure::Schema, std::string(name) + " arguments are not a tuple");
                // One level only: nested wrappers would make this recursion as deep as the file wants.
                if (arguments[0].kind == Kind::Global && arguments[0].number == RebuildFromTypeV2) {
                    machine.fail(ReadFailure::Unsupported, "nested " + std::string(name));
                }
                return reduce(machine, arguments[0], arguments[2]);
            }
            case OrderedDict: expect_arguments(0, 0); return machine.make_dict();
            case TorchSize:
                expect_arguments(1, 1);
                if (arguments[0].kind != Kind::Tuple)
                    machine.fail(ReadFailure::Schema, "torch.Size of " + machine.describe(arguments[0]));
                return arguments[0];
            case NpuFormat:
                expect_arguments(1, 1);
                integer(machine, arguments[0], "NPU format");
                return arguments[0];
            default: machine.fail(ReadFailure::Security, "REDUCE calls " + machine.describe(callable));
        }
    }

    Value build(Machine& machine, const Value& object, const Value& state) override {
        if (keep_other_objects_) {
            if (const auto* instance = machine.object_as<OtherInstance>(object)) {
                *instance->state = state;
                return object;
            }
            // A dict's attributes (a state dict's _metadata) are not its items.
            if (object.kind == Kind::Dict) return object;
        }
        if (machine.object_as<TorchTensorRecord>(object) == nullptr || !is_empty_state(machine, state)) {
            machine.fail(ReadFailure::Unsupported,
                         "BUILD of " + machine.describe(object) + " with " + machine.describe(state));
        }
        return object;
    }

    // Parameter.__new__(cls, data, requires_grad=True).
    Value new_object(Machine& machine, const Value& cls, const Value& args) override {
        if (keep_other_objects_ && cls.kind == Kind::Global && cls.number == OtherClass) {
            return other_instance(machine, cls);
        }
        const auto arguments = machine.items(args);
        if (cls.kind != Kind::Global || cls.number != ParameterClass || arguments.empty() || arguments.size() > 2) {
            machine.fail(ReadFailure::Security, "NEWOBJ of " + machine.describe(cls));
        }
        const bool requires_grad = arguments.size() < 2 || boolean(machine, arguments[1], "requires_grad");
        return with_requires_grad(machine, arguments[0], requires_grad);
    }

private:
    static Value other_instance(Machine& machine, const Value& callable) {
        const std::string type = callable.kind == Kind::Global ? std::string(machine.text(callable)) : "object";
        return machine.make_object(OtherInstance{type}, type);
    }

    Value storage_class(Machine& machine, std::string_view module, std::string_view name,
                        const std::string& qualified) {
        if (module != "torch" && module != "torch.storage") {
            log::warning(file_ + ": storage class " + qualified + " read as torch." + std::string(name));
        }
        if (name == "UntypedStorage") return machine.make_object(StorageClass{}, "storage class");
        if (const auto type = find_type(kStorageClasses, name))
            return machine.make_object(StorageClass{type}, "storage class");
        if (name.starts_with("Q")) {
            machine.fail(ReadFailure::Unsupported, "quantized storage " + qualified + " (needs scale and zero point)");
        }
        machine.fail(ReadFailure::Unsupported, "unknown storage class " + qualified);
    }

    // (storage, storage_offset, size, stride[, requires_grad, backward_hooks, ...])
    Value rebuild(Machine& machine, std::span<const Value> arguments, std::optional<StoredType> dtype) {
        const auto* storage = machine.object_as<StorageRef>(arguments[0]);
        if (storage == nullptr)
            machine.fail(ReadFailure::Schema, "tensor storage is " + machine.describe(arguments[0]));
        TorchTensorRecord tensor;
        tensor.storage_key = storage->key;
        tensor.storage_bytes = storage->bytes;
        if (dtype) {
            tensor.type = *dtype;
        } else if (storage->type) {
            tensor.type = *storage->type;
        } else {
            machine.fail(ReadFailure::Schema, "untyped storage without a dtype (needs _rebuild_tensor_v3)");
        }
        tensor.storage_offset = integer(machine, arguments[1], "storage offset");
        tensor.shape = integers(machine, arguments[2], "size");
        tensor.strides = integers(machine, arguments[3], "stride");
        if (arguments.size() > 4) {
            tensor.requires_grad = boolean(machine, arguments[4], "requires_grad");
            warn_about_hooks(machine, arguments[5]);
        }
        check_geometry(machine, tensor);
        return machine.make_object(std::move(tensor), "tensor");
    }

    static void check_geometry(Machine& machine, const TorchTensorRecord& tensor) {
        if (tensor.shape.size() != tensor.strides.size()) {
            machine.fail(ReadFailure::Corrupt, "size has " + std::to_string(tensor.shape.size()) +
                                                   " dimensions, stride " + std::to_string(tensor.strides.size()));
        }
        if (tensor.shape.size() > kMaxDimensions) {
            machine.fail(ReadFailure::Corrupt, std::to_string(tensor.shape.size()) + " dimensions, at most " +
                                                   std::to_string(kMaxDimensions) + " are accepted");
        }
        if (tensor.storage_offset < 0)
            machine.fail(ReadFailure::Corrupt, "negative storage offset " + std::to_string(tensor.storage_offset));
        for (std::size_t i = 0; i < tensor.shape.size(); ++i) {
            if (tensor.shape[i] < 0)
                machine.fail(ReadFailure::Corrupt, "negative size " + std::to_string(tensor.shape[i]));
            if (tensor.strides[i] < 0)
                machine.fail(ReadFailure::Corrupt, "negative stride " + std::to_string(tensor.strides[i]));
        }
        if (!element_count(tensor.shape))
            machine.fail(ReadFailure::Corrupt, "element count of the size overflows 64 bits");
    }

    static Value with_requires_grad(Machine& machine, const Value& tensor_value, bool requires_grad) {
        const auto* tensor = machine.object_as<TorchTensorRecord>(tensor_value);
        if (tensor == nullptr) machine.fail(ReadFailure::Schema, "parameter wraps " + machine.describe(tensor_value));
        TorchTensorRecord copy = *tensor;
        copy.requires_grad = requires_grad;
        return machine.make_object(std::move(copy), "tensor");
    }

    static std::int64_t integer(Machine& machine, const Value& value, const char* what) {
        if (value.kind != Kind::Int)
            machine.fail(ReadFailure::Schema, std::string(what) + " is " + machine.describe(value) + ", not an int");
        return value.number;
    }

    static bool boolean(Machine& machine, const Value& value, const char* what) {
        if (value.kind != Kind::Bool)
            machine.fail(ReadFailure::Schema, std::string(what) + " is " + machine.describe(value) + ", not a bool");
        return value.number != 0;
    }

    static std::vector<std::int64_t> integers(Machine& machine, const Value& value, const char* what) {
        if (value.kind != Kind::Tuple)
            machine.fail(ReadFailure::Schema, std::string(what) + " is " + machine.describe(value) + ", not a tuple");
        std::vector<std::int64_t> result;
        for (const auto& item : machine.items(value)) result.push_back(integer(machine, item, what));
        return result;
    }

    static bool is_empty_state(const Machine& machine, const Value& state) {
        return state.kind == Kind::None || (state.kind == Kind::Dict && machine.items(state).empty());
    }

    void warn_about_hooks(const Machine& machine, const Value& hooks) const {
        if (!is_empty_state(machine, hooks)) log::warning(file_ + ": tensor has backward hooks; ignored");
    }

    void ignore_metadata(const Machine& machine, const Value& metadata) const {
        if (!is_empty_state(machine, metadata)) log::warning(file_ + ": tensor metadata is not empty; ignored");
    }

    const std::string& file_;
    const bool keep_other_objects_;
};

// Machine values to an owned tree. Memo references can share and even nest
// values in themselves, so depth and size are bounded.
class ObjectTree {
public:
    static constexpr std::size_t kMaxDepth = 200;
    static constexpr std::size_t kMaxNodes = 2000000;  // a rank file of a large model holds about 100 000

    explicit ObjectTree(const Machine& machine) : machine_(machine) {}

    TorchObject convert(const Value& value, std::size_t depth, UnpickledObject& out) {
        if (depth > kMaxDepth)
            machine_.fail(ReadFailure::Limit, "objects nested deeper than " + std::to_string(kMaxDepth));
        if (++nodes_ > kMaxNodes)
            machine_.fail(ReadFailure::Limit, "more than " + std::to_string(kMaxNodes) + " objects");
        TorchObject object;
        switch (value.kind) {
            case Kind::None: break;
            case Kind::Bool:
                object.kind = TorchObject::Kind::Bool;
                object.number = value.number;
                break;
            case Kind::Int:
                object.kind = TorchObject::Kind::Int;
                object.number = value.number;
                break;
            case Kind::Float:
                object.kind = TorchObject::Kind::Float;
                object.real = value.real;
                break;
            case Kind::String:
                object.kind = TorchObject::Kind::String;
                object.text = machine_.text(value);
                break;
            case Kind::Tuple:
            case Kind::List:
            case Kind::Dict:
                object.kind = value.kind == Kind::Dict ? TorchObject::Kind::Dict : TorchObject::Kind::List;
                for (const auto& item : machine_.items(value)) object.items.push_back(convert(item, depth + 1, out));
                break;
            case Kind::Global:
                object.kind = TorchObject::Kind::Other;
                object.text = machine_.text(value);
                break;
            case Kind::Object:
                if (const auto* tensor = machine_.object_as<TorchTensorRecord>(value)) {
                    object.kind = TorchObject::Kind::Tensor;
                    object.number = static_cast<std::int64_t>(out.tensors.size());
                    out.tensors.push_back(*tensor);
                } else if (const auto* instance = machine_.object_as<OtherInstance>(value)) {
                    object.kind = TorchObject::Kind::Other;
                    object.text = instance->type;
                    if (*instance->state) object.items.push_back(convert(**instance->state, depth + 1, out));
                } else {
                    object.kind = TorchObject::Kind::Other;
                    object.text = machine_.describe(value);
                }
                break;
        }
        return object;
    }

private:
    const Machine& machine_;
    std::size_t nodes_ = 0;
};

}  // namespace

TorchTensorRecord unpickle_tensor(std::span<const std::byte> data_pkl, const std::string& file,
                                  const std::string& record) {
    TorchHooks hooks(file, false);
    Machine machine(data_pkl, file, record, hooks);
    const Value result = machine.run();
    const auto* tensor = machine.object_as<TorchTensorRecord>(result);
    if (tensor == nullptr) {
        tensor::fail(file, ReadFailure::Schema,
                     "not a single tensor: " + record + " holds " + machine.describe(result));
    }
    return *tensor;
}

UnpickledObject unpickle_object(std::span<const std::byte> data_pkl, const std::string& file,
                                const std::string& record) {
    TorchHooks hooks(file, true);
    Machine machine(data_pkl, file, record, hooks);
    const Value result = machine.run();
    UnpickledObject unpickled;
    unpickled.root = ObjectTree(machine).convert(result, 0, unpickled);
    return unpickled;
}

const TorchObject* TorchObject::find(std::string_view key) const {
    if (kind == Kind::Other) return items.empty() ? nullptr : items.front().find(key);
    if (kind != Kind::Dict) return nullptr;
    for (std::size_t i = items.size() / 2; i-- > 0;) {  // a key set twice holds its last value
        if (items[2 * i].kind == Kind::String && items[2 * i].text == key) return &items[2 * i + 1];
    }
    return nullptr;
}

}  // namespace msprobe::tensor
