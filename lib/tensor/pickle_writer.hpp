#pragma once
// The pickle protocol 2 constructs torch.save emits, each memoized the way
// Python's pickler does it: enough for a tensor's data.pkl (write_pt) and for
// a checkpoint's dict of state dicts, numbers, strings and plain objects.
#include <cstdint>
#include <string>
#include <vector>

namespace msprobe::tensor {

class PickleWriter {
public:
    PickleWriter() { out_ += "\x80\x02"; }

    void global(const std::string& module, const std::string& name);  // GLOBAL
    void text(const std::string& value);                              // BINUNICODE
    void integer(std::int64_t value);                                 // pickle.py save_long for protocol 2
    void real(double value);                                          // BINFLOAT: big-endian IEEE double
    void none() { out_ += 'N'; }
    void boolean(bool value) { out_ += value ? '\x88' : '\x89'; }
    void mark() { out_ += '('; }
    void tuple_since_mark();
    // save_tuple: () is EMPTY_TUPLE (not memoized), 1-3 items TUPLE1-3, longer ones MARK ... TUPLE.
    void int_tuple(const std::vector<std::int64_t>& values);
    void empty_tuple() { out_ += ')'; }
    void empty_dict();
    void empty_list();
    void set_items_since_mark() { out_ += 'u'; }  // the key, value pairs since mark() into the dict below
    void appends_since_mark() { out_ += 'e'; }
    void reduce();
    void new_object();             // NEWOBJ: cls.__new__(cls, *args)
    void build() { out_ += 'b'; }  // BUILD: the state below the top set on the object
    void persistent_id() { out_ += 'Q'; }
    std::string finish() const { return out_ + '.'; }

private:
    void put_le(std::uint64_t value, int bytes);
    void memoize();

    std::string out_;
    std::uint32_t memo_ = 0;
};

}  // namespace msprobe::tensor
