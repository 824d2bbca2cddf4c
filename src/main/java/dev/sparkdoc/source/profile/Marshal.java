package dev.sparkdoc.source.profile;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads Python's marshal format (CPython {@code Python/marshal.c}, versions 2 to 5) for the types
 * a {@code pstats} dump holds: dicts, tuples, ints, floats, strings and back-references. A
 * profile dump is read on an edge node without Python, so this is the one reader; anything else
 * (code objects, complex numbers, sets) is refused with {@link MarshalException}, never guessed.
 *
 * <p>Values come back as Java objects: {@code Map} (insertion order), {@code List} for tuples and
 * lists, {@code Long} or {@code BigInteger}, {@code Double}, {@code String} (bytes decoded as
 * Latin-1), {@code Boolean} and {@link #NONE}.
 */
public final class Marshal {

    /** Python's None (a Java null would be a hole in a map). */
    public static final Object NONE = new Object() {
        @Override
        public String toString() {
            return "None";
        }
    };

    /** The high bit of a type code: the object is kept for later {@code 'r'} references (marshal version 3+). */
    private static final int FLAG_REF = 0x80;
    /** Nested containers in a pstats dump are three deep; a file nesting hundreds is not one. */
    private static final int MAX_DEPTH = 64;
    private static final Object NULL = new Object();

    private final ByteBuffer in;
    private final List<Object> refs = new ArrayList<>();

    private Marshal(byte[] bytes) {
        this.in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The one object the bytes hold; trailing bytes are an error (a pstats file is one dict). */
    public static Object read(byte[] bytes) {
        Marshal m = new Marshal(bytes);
        Object value;
        try {
            value = m.object(0);
        } catch (java.nio.BufferUnderflowException e) {
            throw new MarshalException("ends in the middle of an object (cut short?)");
        }
        if (value == NULL) {
            throw new MarshalException("no object at the start");
        }
        if (m.in.hasRemaining()) {
            throw new MarshalException(m.in.remaining() + " bytes after the object");
        }
        return value;
    }

    private Object object(int depth) {
        if (depth > MAX_DEPTH) {
            throw new MarshalException("nested deeper than " + MAX_DEPTH);
        }
        int code = u8();
        boolean keep = (code & FLAG_REF) != 0;
        int type = code & ~FLAG_REF;
        // reserved before the contents are read, as marshal.c numbers them (r_ref_reserve)
        int slot = -1;
        if (keep) {
            slot = refs.size();
            refs.add(null);
        }
        Object value = switch (type) {
            case '0' -> NULL;
            case 'N' -> NONE;
            case 'F' -> Boolean.FALSE;
            case 'T' -> Boolean.TRUE;
            case 'i' -> (long) in.getInt();
            case 'l' -> longDigits();
            case 'g' -> in.getDouble();
            case 'f' -> textFloat();
            case 's' -> latin1(size());
            case 'u', 't', 'a', 'A' -> utf8(size());
            case 'z', 'Z' -> utf8(u8());
            case '(', '[' -> sequence(size(), depth);
            case ')' -> sequence(u8(), depth);
            case '{' -> dict(depth);
            case 'r' -> reference();
            default -> throw new MarshalException(String.format("type code 0x%02x at byte %d, which a pstats dump does not hold",
                    type, in.position() - 1));
        };
        if (keep) {
            refs.set(slot, value);
        }
        return value;
    }

    private List<Object> sequence(int n, int depth) {
        List<Object> items = new ArrayList<>(Math.min(n, 1024));
        for (int i = 0; i < n; i++) {
            items.add(present(object(depth + 1)));
        }
        return List.copyOf(items);
    }

    private Map<Object, Object> dict(int depth) {
        Map<Object, Object> map = new LinkedHashMap<>();
        while (true) {
            Object key = object(depth + 1);
            if (key == NULL) {
                return map;
            }
            map.put(key, present(object(depth + 1)));
        }
    }

    private Object reference() {
        int index = in.getInt();
        if (index < 0 || index >= refs.size() || refs.get(index) == null) {
            throw new MarshalException("reference " + index + " to no object read before it");
        }
        return refs.get(index);
    }

    /** Python's long: a signed count of 15-bit digits, least significant first, in 16-bit words. */
    private Object longDigits() {
        int n = in.getInt();
        int digits = Math.abs(n);
        if (digits > in.remaining() / 2) {
            throw new MarshalException("a long of " + digits + " digits past the end");
        }
        BigInteger value = BigInteger.ZERO;
        for (int i = 0; i < digits; i++) {
            int digit = Short.toUnsignedInt(in.getShort());
            if (digit > 0x7fff) {
                throw new MarshalException("a long's digit out of range");
            }
            value = value.or(BigInteger.valueOf(digit).shiftLeft(15 * i));
        }
        value = n < 0 ? value.negate() : value;
        return value.bitLength() < 64 ? (Object) value.longValue() : value;
    }

    private double textFloat() {
        String text = latin1(u8());
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new MarshalException("float '" + text + "' is not a number");
        }
    }

    private Object present(Object value) {
        if (value == NULL) {
            throw new MarshalException("a NULL inside a container");
        }
        return value;
    }

    private int size() {
        int n = in.getInt();
        if (n < 0 || n > in.remaining()) {
            throw new MarshalException("size " + n + " past the end of the file");
        }
        return n;
    }

    private int u8() {
        return Byte.toUnsignedInt(in.get());
    }

    private String utf8(int n) {
        return new String(bytes(n), StandardCharsets.UTF_8);
    }

    private String latin1(int n) {
        return new String(bytes(n), StandardCharsets.ISO_8859_1);
    }

    private byte[] bytes(int n) {
        if (n > in.remaining()) {
            throw new MarshalException("a string of " + n + " bytes past the end");
        }
        byte[] b = new byte[n];
        in.get(b);
        return b;
    }
}
