package dev.sparkdoc.source.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The marshal reader on bytes Python 3.11's {@code marshal.dumps} wrote (hex below), and on bytes no dump holds. */
class MarshalTest {

    private static Object read(String hex) {
        return Marshal.read(HexFormat.of().parseHex(hex));
    }

    @Test
    void aPstatsShapedDictKeepsItsTuplesFloatsAndTheStringsItReferencesBack() {
        // marshal.dumps({(s,1,'f'): (1,2,0.5,1.5,{}), (s,2,'g'): (3,3,0.25,0.25,{(s,1,'f'): (1,1,0.1,0.1)})}), s = 'file.py'
        Object value = read("7b2903fa0766696c652e7079e901000000da016629057201000000e902000000e7000000000000e03fe7000000000000f83f7b"
                + "30290372000000007203000000da01672905e9030000007207000000e7000000000000d03f72080000007b2903720000000072"
                + "010000007202000000a90472010000007201000000e79a9999999999b93f720a0000003030");

        List<Object> f = List.of("file.py", 1L, "f");
        assertThat(value).isEqualTo(Map.of(
                f, List.of(1L, 2L, 0.5, 1.5, Map.of()),
                List.of("file.py", 2L, "g"), List.of(3L, 3L, 0.25, 0.25, Map.of(f, List.of(1L, 1L, 0.1, 0.1)))));
    }

    @Test
    void longsOfFifteenBitDigitsUnicodeBytesAndConstantsReadAsPythonWroteThem() {
        // marshal.dumps([2**70, -2**70, -5, 2**31, True, None, 'é', b'ab'])
        Object items = read("5b080000006c05000000000000000000000000046cfbffffff00000000000000000004e9fbffffffec0300000000000000"
                + "0200544ef502000000c3a9f3020000006162");

        assertThat(items).isEqualTo(List.of(BigInteger.TWO.pow(70), BigInteger.TWO.pow(70).negate(), -5L, 1L << 31, true,
                Marshal.NONE, "é", "ab"));
    }

    @Test
    void version1sTextFloatsRead() {
        // marshal.dumps((1.5,), 1)
        assertThat(read("28010000006603312e35")).isEqualTo(List.of(1.5));
    }

    @Test
    void bytesNoPstatsDumpHoldsAreRefusedWithWhatWasWrong() {
        assertThatThrownBy(() -> read("e3")).isInstanceOf(MarshalException.class).hasMessageContaining("type code 0x63");
        assertThatThrownBy(() -> read("7b2903fa0766696c")).isInstanceOf(MarshalException.class).hasMessageContaining("past the end");
        assertThatThrownBy(() -> read("e90100")).isInstanceOf(MarshalException.class).hasMessageContaining("middle of an object");
        assertThatThrownBy(() -> read("7201000000")).isInstanceOf(MarshalException.class).hasMessageContaining("reference 1");
        assertThatThrownBy(() -> read("4e4e")).isInstanceOf(MarshalException.class).hasMessageContaining("1 bytes after");
        assertThatThrownBy(() -> read("")).isInstanceOf(MarshalException.class);
        assertThatThrownBy(() -> read("28ffffffff")).isInstanceOf(MarshalException.class).hasMessageContaining("size -1");
    }
}
