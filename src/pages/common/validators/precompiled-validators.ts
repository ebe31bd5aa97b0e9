/* eslint-disable */
// @ts-nocheck
// GENERATED from the shared JSON Schemas by build-validators.ts. Do not edit by hand; regenerate with
//   npx tsx src/pages/common/validators/generate-validators.ts
"use strict";
function ucs2length(str) {
  const len = str.length;
  let length = 0;
  let pos = 0;
  let value;
  while (pos < len) {
    length++;
    value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      value = str.charCodeAt(pos);
      if ((value & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}
const registerAdmin = (() => {
const schema11 = {"type":"object","additionalProperties":false,"required":["username","email","password","role"],"properties":{"username":{"type":"string","title":"Username","minLength":3,"maxLength":40,"pattern":"^[A-Za-z0-9_.-]+$"},"email":{"type":"string","title":"Email","format":"email","maxLength":254},"password":{"type":"string","title":"Password","minLength":8,"maxLength":200},"role":{"type":"string","title":"Role","enum":["reseller","manager","user","department_head"]},"name":{"type":"string","title":"Full name","maxLength":120},"companyName":{"type":"string","title":"Company","maxLength":120},"phone":{"type":"string","title":"Phone","maxLength":20,"pattern":"^$|^\\+?[0-9 ()-]{6,20}$"}},"$id":"registerAdmin"};
const func2 = ucs2length;
const pattern0 = new RegExp("^[A-Za-z0-9_.-]+$", "u");
const pattern1 = new RegExp("^$|^\\+?[0-9 ()-]{6,20}$", "u");
const formats0 = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="registerAdmin" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.username === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "username"},message:"must have required property '"+"username"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.email === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "email"},message:"must have required property '"+"email"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.password === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "password"},message:"must have required property '"+"password"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.role === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "role"},message:"must have required property '"+"role"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "username") || (key0 === "email")) || (key0 === "password")) || (key0 === "role")) || (key0 === "name")) || (key0 === "companyName")) || (key0 === "phone"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.username !== undefined){
let data0 = data.username;
if(typeof data0 === "string"){
if(func2(data0) > 40){
const err5 = {instancePath:instancePath+"/username",schemaPath:"#/properties/username/maxLength",keyword:"maxLength",params:{limit: 40},message:"must NOT have more than 40 characters",schema:40,parentSchema:schema11.properties.username,data:data0};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(func2(data0) < 3){
const err6 = {instancePath:instancePath+"/username",schemaPath:"#/properties/username/minLength",keyword:"minLength",params:{limit: 3},message:"must NOT have fewer than 3 characters",schema:3,parentSchema:schema11.properties.username,data:data0};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(!pattern0.test(data0)){
const err7 = {instancePath:instancePath+"/username",schemaPath:"#/properties/username/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_.-]+$"},message:"must match pattern \""+"^[A-Za-z0-9_.-]+$"+"\"",schema:"^[A-Za-z0-9_.-]+$",parentSchema:schema11.properties.username,data:data0};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/username",schemaPath:"#/properties/username/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.username.type,parentSchema:schema11.properties.username,data:data0};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.email !== undefined){
let data1 = data.email;
if(typeof data1 === "string"){
if(func2(data1) > 254){
const err9 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/maxLength",keyword:"maxLength",params:{limit: 254},message:"must NOT have more than 254 characters",schema:254,parentSchema:schema11.properties.email,data:data1};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(formats0.test(data1))){
const err10 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/format",keyword:"format",params:{format: "email"},message:"must match format \""+"email"+"\"",schema:"email",parentSchema:schema11.properties.email,data:data1};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.email.type,parentSchema:schema11.properties.email,data:data1};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.password !== undefined){
let data2 = data.password;
if(typeof data2 === "string"){
if(func2(data2) > 200){
const err12 = {instancePath:instancePath+"/password",schemaPath:"#/properties/password/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters",schema:200,parentSchema:schema11.properties.password,data:data2};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(func2(data2) < 8){
const err13 = {instancePath:instancePath+"/password",schemaPath:"#/properties/password/minLength",keyword:"minLength",params:{limit: 8},message:"must NOT have fewer than 8 characters",schema:8,parentSchema:schema11.properties.password,data:data2};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/password",schemaPath:"#/properties/password/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.password.type,parentSchema:schema11.properties.password,data:data2};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.role !== undefined){
let data3 = data.role;
if(typeof data3 !== "string"){
const err15 = {instancePath:instancePath+"/role",schemaPath:"#/properties/role/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.role.type,parentSchema:schema11.properties.role,data:data3};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(!((((data3 === "reseller") || (data3 === "manager")) || (data3 === "user")) || (data3 === "department_head"))){
const err16 = {instancePath:instancePath+"/role",schemaPath:"#/properties/role/enum",keyword:"enum",params:{allowedValues: schema11.properties.role.enum},message:"must be equal to one of the allowed values",schema:schema11.properties.role.enum,parentSchema:schema11.properties.role,data:data3};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.name !== undefined){
let data4 = data.name;
if(typeof data4 === "string"){
if(func2(data4) > 120){
const err17 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 120},message:"must NOT have more than 120 characters",schema:120,parentSchema:schema11.properties.name,data:data4};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.name.type,parentSchema:schema11.properties.name,data:data4};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.companyName !== undefined){
let data5 = data.companyName;
if(typeof data5 === "string"){
if(func2(data5) > 120){
const err19 = {instancePath:instancePath+"/companyName",schemaPath:"#/properties/companyName/maxLength",keyword:"maxLength",params:{limit: 120},message:"must NOT have more than 120 characters",schema:120,parentSchema:schema11.properties.companyName,data:data5};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/companyName",schemaPath:"#/properties/companyName/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.companyName.type,parentSchema:schema11.properties.companyName,data:data5};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.phone !== undefined){
let data6 = data.phone;
if(typeof data6 === "string"){
if(func2(data6) > 20){
const err21 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters",schema:20,parentSchema:schema11.properties.phone,data:data6};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(!pattern1.test(data6)){
const err22 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/pattern",keyword:"pattern",params:{pattern: "^$|^\\+?[0-9 ()-]{6,20}$"},message:"must match pattern \""+"^$|^\\+?[0-9 ()-]{6,20}$"+"\"",schema:"^$|^\\+?[0-9 ()-]{6,20}$",parentSchema:schema11.properties.phone,data:data6};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.phone.type,parentSchema:schema11.properties.phone,data:data6};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema11.type,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}
return { "registerAdmin": validate10 };
})();
const registerReseller = (() => {
const schema11 = {"type":"object","additionalProperties":false,"required":["username","email","password","role"],"properties":{"username":{"type":"string","title":"Username","minLength":3,"maxLength":40,"pattern":"^[A-Za-z0-9_.-]+$"},"email":{"type":"string","title":"Email","format":"email","maxLength":254},"password":{"type":"string","title":"Password","minLength":8,"maxLength":200},"role":{"type":"string","title":"Role","enum":["manager","user"]},"name":{"type":"string","title":"Full name","maxLength":120},"companyName":{"type":"string","title":"Company","maxLength":120},"phone":{"type":"string","title":"Phone","maxLength":20,"pattern":"^$|^\\+?[0-9 ()-]{6,20}$"}},"$id":"registerReseller"};
const func2 = ucs2length;
const pattern0 = new RegExp("^[A-Za-z0-9_.-]+$", "u");
const pattern1 = new RegExp("^$|^\\+?[0-9 ()-]{6,20}$", "u");
const formats0 = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="registerReseller" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.username === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "username"},message:"must have required property '"+"username"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.email === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "email"},message:"must have required property '"+"email"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.password === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "password"},message:"must have required property '"+"password"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.role === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "role"},message:"must have required property '"+"role"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "username") || (key0 === "email")) || (key0 === "password")) || (key0 === "role")) || (key0 === "name")) || (key0 === "companyName")) || (key0 === "phone"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.username !== undefined){
let data0 = data.username;
if(typeof data0 === "string"){
if(func2(data0) > 40){
const err5 = {instancePath:instancePath+"/username",schemaPath:"#/properties/username/maxLength",keyword:"maxLength",params:{limit: 40},message:"must NOT have more than 40 characters",schema:40,parentSchema:schema11.properties.username,data:data0};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(func2(data0) < 3){
const err6 = {instancePath:instancePath+"/username",schemaPath:"#/properties/username/minLength",keyword:"minLength",params:{limit: 3},message:"must NOT have fewer than 3 characters",schema:3,parentSchema:schema11.properties.username,data:data0};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(!pattern0.test(data0)){
const err7 = {instancePath:instancePath+"/username",schemaPath:"#/properties/username/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_.-]+$"},message:"must match pattern \""+"^[A-Za-z0-9_.-]+$"+"\"",schema:"^[A-Za-z0-9_.-]+$",parentSchema:schema11.properties.username,data:data0};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/username",schemaPath:"#/properties/username/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.username.type,parentSchema:schema11.properties.username,data:data0};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.email !== undefined){
let data1 = data.email;
if(typeof data1 === "string"){
if(func2(data1) > 254){
const err9 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/maxLength",keyword:"maxLength",params:{limit: 254},message:"must NOT have more than 254 characters",schema:254,parentSchema:schema11.properties.email,data:data1};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(formats0.test(data1))){
const err10 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/format",keyword:"format",params:{format: "email"},message:"must match format \""+"email"+"\"",schema:"email",parentSchema:schema11.properties.email,data:data1};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.email.type,parentSchema:schema11.properties.email,data:data1};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.password !== undefined){
let data2 = data.password;
if(typeof data2 === "string"){
if(func2(data2) > 200){
const err12 = {instancePath:instancePath+"/password",schemaPath:"#/properties/password/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters",schema:200,parentSchema:schema11.properties.password,data:data2};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(func2(data2) < 8){
const err13 = {instancePath:instancePath+"/password",schemaPath:"#/properties/password/minLength",keyword:"minLength",params:{limit: 8},message:"must NOT have fewer than 8 characters",schema:8,parentSchema:schema11.properties.password,data:data2};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/password",schemaPath:"#/properties/password/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.password.type,parentSchema:schema11.properties.password,data:data2};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.role !== undefined){
let data3 = data.role;
if(typeof data3 !== "string"){
const err15 = {instancePath:instancePath+"/role",schemaPath:"#/properties/role/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.role.type,parentSchema:schema11.properties.role,data:data3};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(!((data3 === "manager") || (data3 === "user"))){
const err16 = {instancePath:instancePath+"/role",schemaPath:"#/properties/role/enum",keyword:"enum",params:{allowedValues: schema11.properties.role.enum},message:"must be equal to one of the allowed values",schema:schema11.properties.role.enum,parentSchema:schema11.properties.role,data:data3};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.name !== undefined){
let data4 = data.name;
if(typeof data4 === "string"){
if(func2(data4) > 120){
const err17 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 120},message:"must NOT have more than 120 characters",schema:120,parentSchema:schema11.properties.name,data:data4};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.name.type,parentSchema:schema11.properties.name,data:data4};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.companyName !== undefined){
let data5 = data.companyName;
if(typeof data5 === "string"){
if(func2(data5) > 120){
const err19 = {instancePath:instancePath+"/companyName",schemaPath:"#/properties/companyName/maxLength",keyword:"maxLength",params:{limit: 120},message:"must NOT have more than 120 characters",schema:120,parentSchema:schema11.properties.companyName,data:data5};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/companyName",schemaPath:"#/properties/companyName/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.companyName.type,parentSchema:schema11.properties.companyName,data:data5};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.phone !== undefined){
let data6 = data.phone;
if(typeof data6 === "string"){
if(func2(data6) > 20){
const err21 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters",schema:20,parentSchema:schema11.properties.phone,data:data6};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(!pattern1.test(data6)){
const err22 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/pattern",keyword:"pattern",params:{pattern: "^$|^\\+?[0-9 ()-]{6,20}$"},message:"must match pattern \""+"^$|^\\+?[0-9 ()-]{6,20}$"+"\"",schema:"^$|^\\+?[0-9 ()-]{6,20}$",parentSchema:schema11.properties.phone,data:data6};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.phone.type,parentSchema:schema11.properties.phone,data:data6};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema11.type,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}
return { "registerReseller": validate10 };
})();
const registerManager = (() => {
const schema11 = {"type":"object","additionalProperties":false,"required":["username","email","password","role"],"properties":{"username":{"type":"string","title":"Username","minLength":3,"maxLength":40,"pattern":"^[A-Za-z0-9_.-]+$"},"email":{"type":"string","title":"Email","format":"email","maxLength":254},"password":{"type":"string","title":"Password","minLength":8,"maxLength":200},"role":{"type":"string","title":"Role","enum":["user","department_head"]},"name":{"type":"string","title":"Full name","maxLength":120},"companyName":{"type":"string","title":"Company","maxLength":120},"phone":{"type":"string","title":"Phone","maxLength":20,"pattern":"^$|^\\+?[0-9 ()-]{6,20}$"}},"$id":"registerManager"};
const func2 = ucs2length;
const pattern0 = new RegExp("^[A-Za-z0-9_.-]+$", "u");
const pattern1 = new RegExp("^$|^\\+?[0-9 ()-]{6,20}$", "u");
const formats0 = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="registerManager" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.username === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "username"},message:"must have required property '"+"username"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.email === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "email"},message:"must have required property '"+"email"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.password === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "password"},message:"must have required property '"+"password"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.role === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "role"},message:"must have required property '"+"role"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "username") || (key0 === "email")) || (key0 === "password")) || (key0 === "role")) || (key0 === "name")) || (key0 === "companyName")) || (key0 === "phone"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.username !== undefined){
let data0 = data.username;
if(typeof data0 === "string"){
if(func2(data0) > 40){
const err5 = {instancePath:instancePath+"/username",schemaPath:"#/properties/username/maxLength",keyword:"maxLength",params:{limit: 40},message:"must NOT have more than 40 characters",schema:40,parentSchema:schema11.properties.username,data:data0};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(func2(data0) < 3){
const err6 = {instancePath:instancePath+"/username",schemaPath:"#/properties/username/minLength",keyword:"minLength",params:{limit: 3},message:"must NOT have fewer than 3 characters",schema:3,parentSchema:schema11.properties.username,data:data0};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(!pattern0.test(data0)){
const err7 = {instancePath:instancePath+"/username",schemaPath:"#/properties/username/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_.-]+$"},message:"must match pattern \""+"^[A-Za-z0-9_.-]+$"+"\"",schema:"^[A-Za-z0-9_.-]+$",parentSchema:schema11.properties.username,data:data0};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/username",schemaPath:"#/properties/username/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.username.type,parentSchema:schema11.properties.username,data:data0};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.email !== undefined){
let data1 = data.email;
if(typeof data1 === "string"){
if(func2(data1) > 254){
const err9 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/maxLength",keyword:"maxLength",params:{limit: 254},message:"must NOT have more than 254 characters",schema:254,parentSchema:schema11.properties.email,data:data1};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(formats0.test(data1))){
const err10 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/format",keyword:"format",params:{format: "email"},message:"must match format \""+"email"+"\"",schema:"email",parentSchema:schema11.properties.email,data:data1};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.email.type,parentSchema:schema11.properties.email,data:data1};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.password !== undefined){
let data2 = data.password;
if(typeof data2 === "string"){
if(func2(data2) > 200){
const err12 = {instancePath:instancePath+"/password",schemaPath:"#/properties/password/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters",schema:200,parentSchema:schema11.properties.password,data:data2};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(func2(data2) < 8){
const err13 = {instancePath:instancePath+"/password",schemaPath:"#/properties/password/minLength",keyword:"minLength",params:{limit: 8},message:"must NOT have fewer than 8 characters",schema:8,parentSchema:schema11.properties.password,data:data2};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/password",schemaPath:"#/properties/password/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.password.type,parentSchema:schema11.properties.password,data:data2};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.role !== undefined){
let data3 = data.role;
if(typeof data3 !== "string"){
const err15 = {instancePath:instancePath+"/role",schemaPath:"#/properties/role/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.role.type,parentSchema:schema11.properties.role,data:data3};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(!((data3 === "user") || (data3 === "department_head"))){
const err16 = {instancePath:instancePath+"/role",schemaPath:"#/properties/role/enum",keyword:"enum",params:{allowedValues: schema11.properties.role.enum},message:"must be equal to one of the allowed values",schema:schema11.properties.role.enum,parentSchema:schema11.properties.role,data:data3};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.name !== undefined){
let data4 = data.name;
if(typeof data4 === "string"){
if(func2(data4) > 120){
const err17 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 120},message:"must NOT have more than 120 characters",schema:120,parentSchema:schema11.properties.name,data:data4};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.name.type,parentSchema:schema11.properties.name,data:data4};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.companyName !== undefined){
let data5 = data.companyName;
if(typeof data5 === "string"){
if(func2(data5) > 120){
const err19 = {instancePath:instancePath+"/companyName",schemaPath:"#/properties/companyName/maxLength",keyword:"maxLength",params:{limit: 120},message:"must NOT have more than 120 characters",schema:120,parentSchema:schema11.properties.companyName,data:data5};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/companyName",schemaPath:"#/properties/companyName/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.companyName.type,parentSchema:schema11.properties.companyName,data:data5};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.phone !== undefined){
let data6 = data.phone;
if(typeof data6 === "string"){
if(func2(data6) > 20){
const err21 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters",schema:20,parentSchema:schema11.properties.phone,data:data6};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(!pattern1.test(data6)){
const err22 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/pattern",keyword:"pattern",params:{pattern: "^$|^\\+?[0-9 ()-]{6,20}$"},message:"must match pattern \""+"^$|^\\+?[0-9 ()-]{6,20}$"+"\"",schema:"^$|^\\+?[0-9 ()-]{6,20}$",parentSchema:schema11.properties.phone,data:data6};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.phone.type,parentSchema:schema11.properties.phone,data:data6};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema11.type,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}
return { "registerManager": validate10 };
})();
const userUpdate = (() => {
const schema11 = {"type":"object","additionalProperties":false,"required":["userId"],"minProperties":2,"properties":{"userId":{"type":"string","title":"User","minLength":1,"maxLength":64},"email":{"type":"string","title":"Email","format":"email","maxLength":254},"name":{"type":"string","title":"Full name","maxLength":120},"companyName":{"type":"string","title":"Company","maxLength":120},"phone":{"type":"string","title":"Phone","maxLength":20,"pattern":"^$|^\\+?[0-9 ()-]{6,20}$"},"status":{"type":"string","title":"Status","enum":["active","suspended"]}},"$id":"userUpdate"};
const func2 = ucs2length;
const formats0 = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const pattern0 = new RegExp("^$|^\\+?[0-9 ()-]{6,20}$", "u");

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="userUpdate" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(Object.keys(data).length < 2){
const err0 = {instancePath,schemaPath:"#/minProperties",keyword:"minProperties",params:{limit: 2},message:"must NOT have fewer than 2 properties",schema:2,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.userId === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "userId"},message:"must have required property '"+"userId"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "userId") || (key0 === "email")) || (key0 === "name")) || (key0 === "companyName")) || (key0 === "phone")) || (key0 === "status"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.userId !== undefined){
let data0 = data.userId;
if(typeof data0 === "string"){
if(func2(data0) > 64){
const err3 = {instancePath:instancePath+"/userId",schemaPath:"#/properties/userId/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters",schema:64,parentSchema:schema11.properties.userId,data:data0};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func2(data0) < 1){
const err4 = {instancePath:instancePath+"/userId",schemaPath:"#/properties/userId/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema11.properties.userId,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/userId",schemaPath:"#/properties/userId/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.userId.type,parentSchema:schema11.properties.userId,data:data0};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.email !== undefined){
let data1 = data.email;
if(typeof data1 === "string"){
if(func2(data1) > 254){
const err6 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/maxLength",keyword:"maxLength",params:{limit: 254},message:"must NOT have more than 254 characters",schema:254,parentSchema:schema11.properties.email,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(!(formats0.test(data1))){
const err7 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/format",keyword:"format",params:{format: "email"},message:"must match format \""+"email"+"\"",schema:"email",parentSchema:schema11.properties.email,data:data1};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.email.type,parentSchema:schema11.properties.email,data:data1};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.name !== undefined){
let data2 = data.name;
if(typeof data2 === "string"){
if(func2(data2) > 120){
const err9 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 120},message:"must NOT have more than 120 characters",schema:120,parentSchema:schema11.properties.name,data:data2};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.name.type,parentSchema:schema11.properties.name,data:data2};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.companyName !== undefined){
let data3 = data.companyName;
if(typeof data3 === "string"){
if(func2(data3) > 120){
const err11 = {instancePath:instancePath+"/companyName",schemaPath:"#/properties/companyName/maxLength",keyword:"maxLength",params:{limit: 120},message:"must NOT have more than 120 characters",schema:120,parentSchema:schema11.properties.companyName,data:data3};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/companyName",schemaPath:"#/properties/companyName/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.companyName.type,parentSchema:schema11.properties.companyName,data:data3};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.phone !== undefined){
let data4 = data.phone;
if(typeof data4 === "string"){
if(func2(data4) > 20){
const err13 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters",schema:20,parentSchema:schema11.properties.phone,data:data4};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!pattern0.test(data4)){
const err14 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/pattern",keyword:"pattern",params:{pattern: "^$|^\\+?[0-9 ()-]{6,20}$"},message:"must match pattern \""+"^$|^\\+?[0-9 ()-]{6,20}$"+"\"",schema:"^$|^\\+?[0-9 ()-]{6,20}$",parentSchema:schema11.properties.phone,data:data4};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.phone.type,parentSchema:schema11.properties.phone,data:data4};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.status !== undefined){
let data5 = data.status;
if(typeof data5 !== "string"){
const err16 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.status.type,parentSchema:schema11.properties.status,data:data5};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(!((data5 === "active") || (data5 === "suspended"))){
const err17 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema11.properties.status.enum},message:"must be equal to one of the allowed values",schema:schema11.properties.status.enum,parentSchema:schema11.properties.status,data:data5};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
else {
const err18 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema11.type,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}
return { "userUpdate": validate10 };
})();
const profileDetails = (() => {
const schema11 = {"type":"object","additionalProperties":false,"properties":{"name":{"type":"string","title":"Full name","maxLength":120},"email":{"type":"string","title":"Email","format":"email","maxLength":254},"companyName":{"type":"string","title":"Company","maxLength":120},"phone":{"type":"string","title":"Phone","maxLength":20,"pattern":"^$|^\\+?[0-9 ()-]{6,20}$"}},"$id":"profileDetails"};
const func2 = ucs2length;
const formats0 = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const pattern0 = new RegExp("^$|^\\+?[0-9 ()-]{6,20}$", "u");

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="profileDetails" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((key0 === "name") || (key0 === "email")) || (key0 === "companyName")) || (key0 === "phone"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if(func2(data0) > 120){
const err1 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 120},message:"must NOT have more than 120 characters",schema:120,parentSchema:schema11.properties.name,data:data0};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.name.type,parentSchema:schema11.properties.name,data:data0};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.email !== undefined){
let data1 = data.email;
if(typeof data1 === "string"){
if(func2(data1) > 254){
const err3 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/maxLength",keyword:"maxLength",params:{limit: 254},message:"must NOT have more than 254 characters",schema:254,parentSchema:schema11.properties.email,data:data1};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!(formats0.test(data1))){
const err4 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/format",keyword:"format",params:{format: "email"},message:"must match format \""+"email"+"\"",schema:"email",parentSchema:schema11.properties.email,data:data1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.email.type,parentSchema:schema11.properties.email,data:data1};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.companyName !== undefined){
let data2 = data.companyName;
if(typeof data2 === "string"){
if(func2(data2) > 120){
const err6 = {instancePath:instancePath+"/companyName",schemaPath:"#/properties/companyName/maxLength",keyword:"maxLength",params:{limit: 120},message:"must NOT have more than 120 characters",schema:120,parentSchema:schema11.properties.companyName,data:data2};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/companyName",schemaPath:"#/properties/companyName/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.companyName.type,parentSchema:schema11.properties.companyName,data:data2};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.phone !== undefined){
let data3 = data.phone;
if(typeof data3 === "string"){
if(func2(data3) > 20){
const err8 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/maxLength",keyword:"maxLength",params:{limit: 20},message:"must NOT have more than 20 characters",schema:20,parentSchema:schema11.properties.phone,data:data3};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!pattern0.test(data3)){
const err9 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/pattern",keyword:"pattern",params:{pattern: "^$|^\\+?[0-9 ()-]{6,20}$"},message:"must match pattern \""+"^$|^\\+?[0-9 ()-]{6,20}$"+"\"",schema:"^$|^\\+?[0-9 ()-]{6,20}$",parentSchema:schema11.properties.phone,data:data3};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/phone",schemaPath:"#/properties/phone/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.phone.type,parentSchema:schema11.properties.phone,data:data3};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema11.type,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}
return { "profileDetails": validate10 };
})();
const passwordChange = (() => {
const schema11 = {"type":"object","additionalProperties":false,"properties":{"currentPassword":{"type":"string","title":"Current password","maxLength":200},"newPassword":{"type":"string","title":"New password","minLength":8,"maxLength":200},"confirmPassword":{"type":"string","title":"Confirm new password","minLength":8,"maxLength":200}},"required":["currentPassword","newPassword","confirmPassword"],"$id":"passwordChange"};
const func2 = ucs2length;

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="passwordChange" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.currentPassword === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "currentPassword"},message:"must have required property '"+"currentPassword"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.newPassword === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "newPassword"},message:"must have required property '"+"newPassword"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.confirmPassword === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "confirmPassword"},message:"must have required property '"+"confirmPassword"+"'",schema:schema11.required,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "currentPassword") || (key0 === "newPassword")) || (key0 === "confirmPassword"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.currentPassword !== undefined){
let data0 = data.currentPassword;
if(typeof data0 === "string"){
if(func2(data0) > 200){
const err4 = {instancePath:instancePath+"/currentPassword",schemaPath:"#/properties/currentPassword/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters",schema:200,parentSchema:schema11.properties.currentPassword,data:data0};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/currentPassword",schemaPath:"#/properties/currentPassword/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.currentPassword.type,parentSchema:schema11.properties.currentPassword,data:data0};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.newPassword !== undefined){
let data1 = data.newPassword;
if(typeof data1 === "string"){
if(func2(data1) > 200){
const err6 = {instancePath:instancePath+"/newPassword",schemaPath:"#/properties/newPassword/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters",schema:200,parentSchema:schema11.properties.newPassword,data:data1};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func2(data1) < 8){
const err7 = {instancePath:instancePath+"/newPassword",schemaPath:"#/properties/newPassword/minLength",keyword:"minLength",params:{limit: 8},message:"must NOT have fewer than 8 characters",schema:8,parentSchema:schema11.properties.newPassword,data:data1};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/newPassword",schemaPath:"#/properties/newPassword/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.newPassword.type,parentSchema:schema11.properties.newPassword,data:data1};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.confirmPassword !== undefined){
let data2 = data.confirmPassword;
if(typeof data2 === "string"){
if(func2(data2) > 200){
const err9 = {instancePath:instancePath+"/confirmPassword",schemaPath:"#/properties/confirmPassword/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters",schema:200,parentSchema:schema11.properties.confirmPassword,data:data2};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(func2(data2) < 8){
const err10 = {instancePath:instancePath+"/confirmPassword",schemaPath:"#/properties/confirmPassword/minLength",keyword:"minLength",params:{limit: 8},message:"must NOT have fewer than 8 characters",schema:8,parentSchema:schema11.properties.confirmPassword,data:data2};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/confirmPassword",schemaPath:"#/properties/confirmPassword/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema11.properties.confirmPassword.type,parentSchema:schema11.properties.confirmPassword,data:data2};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema11.type,parentSchema:schema11,data};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}
return { "passwordChange": validate10 };
})();
export const PRECOMPILED_VALIDATORS = { ...registerAdmin, ...registerReseller, ...registerManager, ...userUpdate, ...profileDetails, ...passwordChange };
