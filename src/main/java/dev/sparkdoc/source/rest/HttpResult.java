package dev.sparkdoc.source.rest;

import java.util.Locale;
import okhttp3.HttpUrl;

/** One HTTP answer, read whole. {@code url} is the final one after redirects. */
record HttpResult(HttpUrl requested, HttpUrl url, int code, String contentType, String body) {

    boolean ok() {
        return code >= 200 && code < 300;
    }

    /** Login pages and proxies answer HTML; Spark's API answers JSON, or text/plain for its errors. */
    boolean looksLikeHtml() {
        String head = body.stripLeading();
        return contentType.toLowerCase(Locale.ROOT).contains("html")
                || head.regionMatches(true, 0, "<!doctype html", 0, 14)
                || head.regionMatches(true, 0, "<html", 0, 5);
    }
}
