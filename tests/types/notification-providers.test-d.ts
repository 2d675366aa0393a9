// Type-level contract of the notification contact details and of the Twilio, SendGrid and custom
// (webhook) providers: params, bodies and responses. Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import type { components, createChatClient } from "../../src/index.js";

type Schemas = components["schemas"];

declare const chat: ReturnType<typeof createChatClient>;

const contact = { email: "priya.raman@example.org", phno: "+14155550123" };

export async function getContactDetails() {
  const got = await chat.GET("/notifications/v1/contact-details", { params: { header: { onBehalfOf: "cometchat-uid-3" } } });
  if (got.data) {
    expectTypeOf(got.data.data).toEqualTypeOf<Schemas["ContactDetails"]>();
    expectTypeOf(got.data.data.phno).toEqualTypeOf<string | undefined>();
  }

  // The bound client sends the header itself.
  const bound = await chat.as("cometchat-uid-3").GET("/notifications/v1/contact-details");
  if (bound.data) expectTypeOf(bound.data.data.email).toEqualTypeOf<string | undefined>();

  // @ts-expect-error onBehalfOf is required on the unbound client
  await chat.GET("/notifications/v1/contact-details");
  await chat.GET("/notifications/v1/contact-details", {
    params: {
      // @ts-expect-error onBehalfOf is required on the unbound client
      header: {},
    },
  });
}

export async function updateContactDetails() {
  const stored = await chat.PATCH("/notifications/v1/contact-details", {
    params: { header: { onBehalfOf: "cometchat-uid-3" } },
    body: contact,
  });
  if (stored.data) expectTypeOf(stored.data.data).toEqualTypeOf<Schemas["ContactDetails"]>();

  await chat.as("cometchat-uid-3").PATCH("/notifications/v1/contact-details", { body: { phno: "+14155550123" } });

  await chat.PATCH("/notifications/v1/contact-details", {
    // @ts-expect-error onBehalfOf is required on the unbound client
    params: {},
    body: contact,
  });
  // @ts-expect-error the body is required
  await chat.as("cometchat-uid-3").PATCH("/notifications/v1/contact-details", {});
  await chat.as("cometchat-uid-3").PATCH("/notifications/v1/contact-details", {
    body: {
      // @ts-expect-error the phone number is a string
      phno: 14155550123,
    },
  });
}

export async function deleteContactDetails() {
  const deleted = await chat.DELETE("/notifications/v1/contact-details", { params: { header: { onBehalfOf: "cometchat-uid-3" } } });
  if (deleted.data) expectTypeOf(deleted.data.data).toEqualTypeOf<{ success: boolean }>();

  await chat.as("cometchat-uid-3").DELETE("/notifications/v1/contact-details");

  // @ts-expect-error onBehalfOf is required on the unbound client
  await chat.DELETE("/notifications/v1/contact-details", { params: {} });
}

const twilio = {
  twilioAccountSID: "AC0f3b2a1c4d5e6f708192a3b4c5d6e7f8",
  twilioAuthToken: "5d41402abc4b2a76b9719d911017c592",
  twilioSenderPhoneNumber: "+14155550199",
};

export async function twilioCredentials() {
  const got = await chat.GET("/notifications/sms/v1/providers/twilio");
  if (got.data) {
    expectTypeOf(got.data.data).toEqualTypeOf<Schemas["TwilioProvider"]>();
    expectTypeOf(got.data.data.twilioAuthToken).toEqualTypeOf<string>();
  }

  const saved = await chat.POST("/notifications/sms/v1/providers/twilio", { body: { ...twilio, isEnabled: true } });
  if (saved.data) expectTypeOf(saved.data.data).toEqualTypeOf<Schemas["TwilioProvider"]>();
  await chat.POST("/notifications/sms/v1/providers/twilio", {
    // @ts-expect-error the auth token is required when saving
    body: { twilioAccountSID: twilio.twilioAccountSID, twilioSenderPhoneNumber: twilio.twilioSenderPhoneNumber },
  });

  // An update sends only what changes.
  const updated = await chat.PUT("/notifications/sms/v1/providers/twilio", {
    body: { twilioAuthToken: "7215ee9c7d9dc229d2921a40e899ec5f" },
  });
  if (updated.data) expectTypeOf(updated.data.data).toEqualTypeOf<Schemas["TwilioProvider"]>();
  await chat.PUT("/notifications/sms/v1/providers/twilio", {
    body: {
      // @ts-expect-error isEnabled is a boolean
      isEnabled: "yes",
    },
  });

  const deleted = await chat.DELETE("/notifications/sms/v1/providers/twilio");
  // Unlike ActionResult, the answer carries no message.
  if (deleted.data) expectTypeOf(deleted.data.data).toEqualTypeOf<{ success: boolean }>();
}

const sendGrid = {
  sendGridApiKey: "SG.example-key-id.example-key-secret",
  sendGridTemplateID: "d-4f1c2b9a7e6d4c3b8a2f1e0d9c8b7a61",
  sendGridUnsubscribeGroupID: "33832",
  senderName: "Example Chat",
  senderEmail: "notifications@example.org",
};

export async function sendGridCredentials() {
  const got = await chat.GET("/notifications/email/v1/providers/sendgrid");
  if (got.data) {
    expectTypeOf(got.data.data).toEqualTypeOf<Schemas["SendGridProvider"]>();
    expectTypeOf(got.data.data.senderEmailForReplies).toEqualTypeOf<string | null | undefined>();
  }

  // allowEmailReplies has a default, so it may be left out.
  const saved = await chat.POST("/notifications/email/v1/providers/sendgrid", { body: sendGrid });
  if (saved.data) expectTypeOf(saved.data.data.repliesWebhook).toEqualTypeOf<string | undefined>();
  // The service spells the IDs with a capital D, unlike the email-notification extension.
  expectTypeOf<Schemas["SendGridProviderSaveRequest"]>().toHaveProperty("sendGridTemplateID");
  expectTypeOf<Schemas["SendGridProviderSaveRequest"]>().not.toHaveProperty("sendGridTemplateId");
  expectTypeOf<Schemas["SendGridProvider"]>().toHaveProperty("sendGridUnsubscribeGroupID");
  await chat.POST("/notifications/email/v1/providers/sendgrid", {
    // @ts-expect-error the sender's address is required when saving
    body: { ...sendGrid, senderEmail: undefined },
  });

  const updated = await chat.PUT("/notifications/email/v1/providers/sendgrid", { body: { senderName: "Example Support" } });
  if (updated.data) expectTypeOf(updated.data.data).toEqualTypeOf<Schemas["SendGridProvider"]>();
  await chat.PUT("/notifications/email/v1/providers/sendgrid", {
    body: {
      // @ts-expect-error allowEmailReplies is a boolean
      allowEmailReplies: "true",
    },
  });

  const deleted = await chat.DELETE("/notifications/email/v1/providers/sendgrid");
  if (deleted.data) expectTypeOf(deleted.data.data).toEqualTypeOf<{ success: boolean }>();
}

const webhook = { isEnabled: true, webhookURL: "https://hooks.example.org/chat", useBasicAuth: false };

export async function customPushProvider() {
  const got = await chat.GET("/notifications/push/v1/providers/custom");
  if (got.data) expectTypeOf(got.data.data.pushProviders).toEqualTypeOf<Schemas["CustomPushProvider"][]>();

  // Without Basic authentication, no user name or password is needed.
  const saved = await chat.POST("/notifications/push/v1/providers/custom", { body: webhook });
  if (saved.data) expectTypeOf(saved.data.data.pushProviders[0]!.basicAuthPassword).toEqualTypeOf<string | undefined>();
  await chat.POST("/notifications/push/v1/providers/custom", {
    // @ts-expect-error webhookURL is required when saving
    body: { isEnabled: true, useBasicAuth: false },
  });

  const updated = await chat.PUT("/notifications/push/v1/providers/custom", { body: { isEnabled: false } });
  if (updated.data) expectTypeOf(updated.data.data.pushProviders).toEqualTypeOf<Schemas["CustomPushProvider"][]>();

  const deleted = await chat.DELETE("/notifications/push/v1/providers/custom");
  if (deleted.data) expectTypeOf(deleted.data.data).toEqualTypeOf<{ success: boolean }>();
}

export async function customSmsProvider() {
  const got = await chat.GET("/notifications/sms/v1/providers/custom");
  if (got.data) {
    expectTypeOf(got.data.data).toEqualTypeOf<Schemas["CustomSmsProvider"]>();
    expectTypeOf(got.data.data.useStoredPhNo).toEqualTypeOf<boolean | undefined>();
  }

  // useStoredPhNo defaults to false.
  const saved = await chat.POST("/notifications/sms/v1/providers/custom", { body: webhook });
  if (saved.data) expectTypeOf(saved.data.data).toEqualTypeOf<Schemas["CustomSmsProvider"]>();
  expectTypeOf<Schemas["CustomSmsProviderSaveRequest"]>().not.toHaveProperty("useStoredEmailID");
  await chat.POST("/notifications/sms/v1/providers/custom", {
    body: {
      ...webhook,
      // @ts-expect-error useStoredPhNo is a boolean
      useStoredPhNo: "false",
    },
  });

  const updated = await chat.PUT("/notifications/sms/v1/providers/custom", { body: { useStoredPhNo: true } });
  if (updated.data) expectTypeOf(updated.data.data).toEqualTypeOf<Schemas["CustomSmsProvider"]>();

  const deleted = await chat.DELETE("/notifications/sms/v1/providers/custom");
  if (deleted.data) expectTypeOf(deleted.data.data).toEqualTypeOf<{ success: boolean }>();
}

export async function customEmailProvider() {
  const got = await chat.GET("/notifications/email/v1/providers/custom");
  if (got.data) {
    expectTypeOf(got.data.data).toEqualTypeOf<Schemas["CustomEmailProvider"]>();
    expectTypeOf(got.data.data.useStoredEmailID).toEqualTypeOf<boolean | undefined>();
  }

  const saved = await chat.POST("/notifications/email/v1/providers/custom", { body: { ...webhook, useStoredEmailID: false } });
  if (saved.data) expectTypeOf(saved.data.data).toEqualTypeOf<Schemas["CustomEmailProvider"]>();
  await chat.POST("/notifications/email/v1/providers/custom", {
    // @ts-expect-error useStoredEmailID is required when saving
    body: webhook,
  });

  const updated = await chat.PUT("/notifications/email/v1/providers/custom", { body: { webhookURL: "https://hooks.example.org/v2" } });
  if (updated.data) expectTypeOf(updated.data.data).toEqualTypeOf<Schemas["CustomEmailProvider"]>();

  const deleted = await chat.DELETE("/notifications/email/v1/providers/custom");
  if (deleted.data) expectTypeOf(deleted.data.data).toEqualTypeOf<{ success: boolean }>();
}
