package dev.sparkdoc.explain;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.sparkdoc.firstaid.DataFileException;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML tree that keeps each node's line, so a broken pattern file names its file and line
 * (Jackson's own tree forgets where a node came from).
 */
sealed interface YamlTree {

    int line();

    record Scalar(String text, int line) implements YamlTree {
    }

    record Seq(List<YamlTree> items, int line) implements YamlTree {
    }

    record Mapping(Map<String, YamlTree> fields, Map<String, Integer> keyLines, int line) implements YamlTree {
    }

    static YamlTree parse(Reader reader, String file) {
        try (JsonParser p = new YAMLFactory().createParser(reader)) {
            if (p.nextToken() == null) {
                throw new DataFileException(file, 1, "empty file");
            }
            return read(p, file);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String msg = e.getOriginalMessage() == null ? "syntax error" : e.getOriginalMessage().lines().findFirst().orElse("");
            throw new DataFileException(file, at == null ? 1 : at.getLineNr(), "not valid YAML: " + msg);
        } catch (IOException e) {
            throw new DataFileException(file, 1, "cannot be read: " + e.getMessage());
        }
    }

    private static YamlTree read(JsonParser p, String file) throws IOException {
        int line = p.currentTokenLocation().getLineNr();
        switch (p.currentToken()) {
            case START_OBJECT -> {
                Map<String, YamlTree> fields = new LinkedHashMap<>();
                Map<String, Integer> keyLines = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    int keyLine = p.currentTokenLocation().getLineNr();
                    if (fields.containsKey(key)) {
                        throw new DataFileException(file, keyLine, "duplicate key '" + key + "'");
                    }
                    p.nextToken();
                    keyLines.put(key, keyLine);
                    fields.put(key, read(p, file));
                }
                return new Mapping(fields, keyLines, line);
            }
            case START_ARRAY -> {
                List<YamlTree> items = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    items.add(read(p, file));
                }
                return new Seq(items, line);
            }
            case VALUE_NULL -> {
                return new Scalar("", line);
            }
            default -> {
                return new Scalar(p.getText(), line);
            }
        }
    }
}
