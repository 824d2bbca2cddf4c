package dev.sparkdoc.userconfig;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UserDirsTest {

    private static final Path HOME = Path.of("/home/ann");

    @Test
    void followsTheXdgBaseDirectories() {
        UserDirs xdg = new UserDirs(Map.of("XDG_CONFIG_HOME", "/cfg", "XDG_CACHE_HOME", "/var/cache/ann"), HOME);
        assertThat(xdg.configFile()).isEqualTo(Path.of("/cfg/sparkdoc/config.yaml"));
        assertThat(xdg.cacheDir()).isEqualTo(Path.of("/var/cache/ann/sparkdoc"));
    }

    @Test
    void fallsBackToTheHomeFolderWhenUnsetEmptyOrRelative() {
        for (Map<String, String> env : java.util.List.of(Map.<String, String>of(), Map.of("XDG_CONFIG_HOME", "", "XDG_CACHE_HOME", ""),
                Map.of("XDG_CONFIG_HOME", "cfg", "XDG_CACHE_HOME", "./cache"))) {
            UserDirs dirs = new UserDirs(env, HOME);
            assertThat(dirs.configFile()).isEqualTo(Path.of("/home/ann/.config/sparkdoc/config.yaml"));
            assertThat(dirs.cacheDir()).isEqualTo(Path.of("/home/ann/.cache/sparkdoc"));
        }
    }

    @Test
    void sparkdocConfigNamesTheFileItself() {
        UserDirs dirs = new UserDirs(Map.of("SPARKDOC_CONFIG", "/etc/team/sparkdoc.yaml", "XDG_CONFIG_HOME", "/cfg"), HOME);
        assertThat(dirs.configFile()).isEqualTo(Path.of("/etc/team/sparkdoc.yaml"));
    }

    @Test
    void homeIsTheEnvironmentsHomeBeforeJavasUserHome() {
        assertThat(UserDirs.of(Map.of("HOME", "/home/alice"), "/root").configFile())
                .isEqualTo(Path.of("/home/alice/.config/sparkdoc/config.yaml"));
        assertThat(UserDirs.of(Map.of("HOME", "/home/alice"), "/root").cacheDir()).isEqualTo(Path.of("/home/alice/.cache/sparkdoc"));
        for (Map<String, String> env : java.util.List.of(Map.<String, String>of(), Map.of("HOME", ""), Map.of("HOME", "relative"))) {
            assertThat(UserDirs.of(env, "/root").home()).isEqualTo(Path.of("/root"));
        }
    }

    @Test
    void dataFollowsXdgDataHome() {
        assertThat(new UserDirs(Map.of(), HOME).dataDir()).isEqualTo(Path.of("/home/ann/.local/share/sparkdoc"));
        assertThat(new UserDirs(Map.of("XDG_DATA_HOME", "/data"), HOME).dataDir()).isEqualTo(Path.of("/data/sparkdoc"));
        assertThat(new UserDirs(Map.of("XDG_DATA_HOME", "data"), HOME).dataDir()).isEqualTo(Path.of("/home/ann/.local/share/sparkdoc"));
    }
}
